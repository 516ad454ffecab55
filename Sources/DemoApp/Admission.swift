import Synchronization

/// At most `limit` callers inside at once; those past it wait their turn, first come first
/// served, without holding a thread.
///
/// ```swift
/// let pages = Admission(limit: 32)
/// let page = try await pages.inside { try await draw() }
/// ```
final class Admission: Sendable {
    private typealias Waiter = CheckedContinuation<Void, Never>

    let limit: Int
    /// Callers inside, and those waiting, in the order they came.
    private let state = Mutex<(inside: Int, waiting: [Waiter])>((0, []))

    init(limit: Int) {
        precondition(limit > 0, "an admission must let someone in")
        self.limit = limit
    }

    /// Callers inside now.
    var inside: Int { state.withLock { $0.inside } }

    /// Runs `body` once admitted; the place goes to the next caller waiting when it returns or
    /// throws.
    func inside<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        if admit(orQueue: nil) { return }
        await withCheckedContinuation { (waiter: Waiter) in
            // A place may have come free since.
            if admit(orQueue: waiter) { waiter.resume() }
        }
    }

    /// Takes a place if one is free; else queues `waiter`, if any.
    private func admit(orQueue waiter: Waiter?) -> Bool {
        state.withLock { state in
            if state.inside < limit {
                state.inside += 1
                return true
            }
            if let waiter { state.waiting.append(waiter) }
            return false
        }
    }

    private func leave() {
        // The place passes straight to the first waiting: `inside` stays.
        let next = state.withLock { state -> Waiter? in
            guard !state.waiting.isEmpty else {
                state.inside -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
