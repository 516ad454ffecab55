import Synchronization

/// A question many callers put at once (PostgreSQL's current snapshot, which every page read
/// without a connection asks before it takes answers kept across pages), put once for all of
/// those who are waiting.
///
/// A caller takes only the answer to a question put after it asked, never one already on its
/// way: what it learns is at least as new as its own start, as if it had asked alone. So while a
/// question is on its way, the callers that come wait together for the next one, which the first
/// of them puts once the question on its way is answered. Alone, a caller asks at once; under
/// load, each question answers everyone who came while the one before it was on its way.
///
/// A question that fails is the failure of the caller that put it; those who waited for it then
/// ask for themselves.
///
/// ```swift
/// let snapshot = try await currentSnapshots.answer { try await currentSnapshot(on: connection) }
/// ```
final class SharedQuestion<Answer: Sendable>: Sendable {
    /// What a waiting caller is told when its turn comes.
    private enum Turn: Sendable {
        /// The answer to the question put for it.
        case answer(Answer)
        /// Put the question, for itself and for these.
        case ask(followers: [Waiter])
        /// The question put for it failed: put one of its own.
        case askAlone
    }

    private typealias Waiter = CheckedContinuation<Turn, Never>

    private struct State {
        /// Whether a question is on its way.
        var isAsking = false
        /// The callers that came while it was: the next question's.
        var next: [Waiter] = []
    }

    private let state = Mutex(State())

    /// The answer to a question put after this call began: `ask`'s own, or one put by another
    /// caller for several.
    func answer(asking ask: () async throws -> Answer) async throws -> Answer {
        var followers: [Waiter] = []
        let leads = state.withLock { state in
            if state.isAsking { return false }
            state.isAsking = true
            return true
        }
        if !leads {
            let turn = await withCheckedContinuation { (waiter: Waiter) in
                // The question on its way may have been answered since: then this caller asks.
                let waits = state.withLock { state in
                    if state.isAsking {
                        state.next.append(waiter)
                        return true
                    }
                    state.isAsking = true
                    return false
                }
                if !waits { waiter.resume(returning: .ask(followers: [])) }
            }
            switch turn {
            case .answer(let answer):
                return answer
            case .ask(let waiting):
                followers = waiting
            case .askAlone:
                return try await ask()
            }
        }
        let result: Result<Answer, any Error>
        do {
            result = .success(try await ask())
        } catch {
            result = .failure(error)
        }
        for follower in followers {
            switch result {
            case .success(let answer): follower.resume(returning: .answer(answer))
            case .failure: follower.resume(returning: .askAlone)
            }
        }
        // The turn passes to those who came meanwhile; with none, the next caller asks at once.
        let waiting = state.withLock { state in
            let waiting = state.next
            state.next = []
            if waiting.isEmpty { state.isAsking = false }
            return waiting
        }
        if let first = waiting.first { first.resume(returning: .ask(followers: Array(waiting.dropFirst()))) }
        return try result.get()
    }
}
