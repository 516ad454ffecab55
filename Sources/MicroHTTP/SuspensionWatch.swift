import Foundation
import Synchronization

/// The thread that sweeps the suspended requests (see `Suspensions`) every 50 ms while the
/// server runs. A thread of its own rather than a task: deadlines, disconnects and shutdown must
/// be honoured even when Swift's few cooperative threads are all busy, or blocked by code that
/// should not block them.
final class SuspensionWatch: Sendable {
    private let stopped = Atomic(false)
    private let finished = Atomic(false)

    init(_ suspensions: Suspensions, every interval: Duration = .milliseconds(50)) {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .acquiring) {
                Thread.sleep(forTimeInterval: Double(interval / .microseconds(1)) / 1_000_000)
                suspensions.sweep()
            }
            finished.store(true, ordering: .releasing)
        }
        thread.name = "MicroHTTP-watch"
        thread.stackSize = 256 << 10
        thread.start()
    }

    /// Ends the sweeps; returns once the thread has made its last one.
    func stop() {
        stopped.store(true, ordering: .releasing)
        while !finished.load(ordering: .acquiring) { usleep(1_000) }
    }
}
