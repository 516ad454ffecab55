import MicroHTTP

/// Lets one password hash run at a time and a few wait: each takes 128 MiB and a core for a
/// while, so a burst of sign-ins must queue, not multiply the memory. Beyond `waiting`, a
/// sign-in is answered 503 with `Retry-After`.
actor HashingGate {
    private var running = 0
    private var queue: [CheckedContinuation<Void, Never>] = []
    private let width: Int
    private let waiting: Int

    init(width: Int = 1, waiting: Int = 32) {
        self.width = width
        self.waiting = waiting
    }

    /// Runs `body` when a place is free, outside the gate, so others can queue meanwhile.
    nonisolated func run<Result: Sendable>(_ body: @Sendable () throws -> Result) async throws -> Result {
        try await enter()
        do {
            let result = try body()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async throws {
        guard running >= width else {
            running += 1
            return
        }
        guard queue.count < waiting else {
            throw HTTPError.unavailable("Too many sign-ins at once; try again in a moment.", retryAfter: 2)
        }
        await withCheckedContinuation { queue.append($0) }
    }

    /// Hands the place to the first in the queue, or frees it.
    private func leave() {
        if queue.isEmpty { running -= 1 } else { queue.removeFirst().resume() }
    }
}
