import Dispatch
import Foundation
import Synchronization

/// Catches SIGINT and SIGTERM from the moment it is created. Their default action (ending the
/// process at once) is turned off for the whole process, so the server can finish the requests
/// in flight first; a signal that arrives before `wait()` is kept, not lost.
final class SignalWaiter: Sendable {
    private struct State {
        var received: Int32?
        var waiter: CheckedContinuation<Int32, Never>?
    }

    private let state = Mutex(State())
    /// Kept alive for the life of the waiter; only touched in `init`.
    private nonisolated(unsafe) var sources: [any DispatchSourceSignal] = []

    init(signals: [Int32] = [SIGINT, SIGTERM]) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.deliver(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Returns the first signal caught.
    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if let received = state.received {
                    continuation.resume(returning: received)
                } else {
                    state.waiter = continuation
                }
            }
        }
    }

    private func deliver(_ number: Int32) {
        state.withLock { state in
            guard state.received == nil else { return }
            state.received = number
            state.waiter?.resume(returning: number)
            state.waiter = nil
        }
    }
}
