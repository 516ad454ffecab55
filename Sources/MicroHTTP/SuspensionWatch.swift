import Foundation
import Synchronization

/// The thread that sweeps the suspended requests (see `Suspensions`) every 50 ms while the
/// server runs, and the event streams (see `EventStreams`) every fifth time: a thousand idle
/// streams then cost a fraction of a percent of a core. While requests are parked (see
/// `ParkedRequests`) it looks every millisecond for a round that has held its pages past
/// `RequestRound.patience`. A thread of its own rather than a task: deadlines, disconnects and
/// shutdown must be honoured even when Swift's few cooperative threads are all busy, or blocked
/// by code that should not block them.
final class SuspensionWatch: Sendable {
    private let stopped = Flag()
    private let thread: ServerThread

    init(
        _ suspensions: Suspensions, _ eventStreams: EventStreams, _ parked: ParkedRequests,
        every interval: Duration = .milliseconds(50)
    ) {
        thread = ServerThread.start(name: "http-watch", stackSize: 256 << 10) { [stopped] in
            var sweeps = 0
            var lastSweep = ContinuousClock.now
            while !stopped.value.load(ordering: .acquiring) {
                let parking = !parked.isEmpty
                usleep(parking ? 1_000 : Self.microseconds(interval))
                if parking { parked.resumeOverdue() }
                let now = ContinuousClock.now
                guard now - lastSweep >= interval || !parking else { continue }
                lastSweep = now
                suspensions.sweep(now: now)
                sweeps &+= 1
                if sweeps % 5 == 0 { eventStreams.sweep() }
            }
        }
    }

    private static func microseconds(_ duration: Duration) -> UInt32 {
        UInt32(clamping: duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
    }

    private final class Flag: Sendable {
        let value = Atomic(false)
    }

    /// Ends the sweeps; returns once the thread has made its last one and exited.
    func stop() {
        stopped.value.store(true, ordering: .releasing)
        thread.join()
    }
}
