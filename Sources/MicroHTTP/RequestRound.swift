/// The work a libmicrohttpd worker thread put off during one round of its event loop, run back
/// to back when the thread is first asked again for one of those answers, early in its next
/// round.
///
/// Why put work off: a page's code runs at about half its cost when it ran a moment before
/// (docs/performance.md, "Requests of a round answered together"). A worker that answered each
/// request as it read it ran every page between the kernel's send of the last answer, the poll
/// and libmicrohttpd's parsing of the next request, and each page paid for code the processor had
/// forgotten. Reading the round's requests first, then running their work together, then
/// sending the answers together, keeps every page after the first warm, and wakes each client
/// once a round.
///
/// How: the access handler returns without an answer for a request whose reply is `.pending`
/// (`Reply`), and keeps its work here. libmicrohttpd then sees the connection with nothing to do
/// and polls again without waiting, and calls the handler again for that request in the next
/// round: the first such call runs the whole round's work. A `.ready` reply (a kept file) is
/// answered at once, as before.
///
/// Not Sendable: a round belongs to one worker thread (`current`), as the connections it holds
/// do.
final class RequestRound {
    /// One request whose work waits for the round to run.
    private struct Deferred {
        let pending: PendingRequest
        let request: Request
        let work: @Sendable () async throws -> Response
        /// When the request gives up waiting, counted from its arrival.
        let deadline: ContinuousClock.Instant
    }

    private var deferred: [Deferred] = []

    /// Keeps `work`, the answer to `request`, for the next `run`.
    func add(
        _ pending: PendingRequest, request: Request, deadline: ContinuousClock.Instant,
        work: @escaping @Sendable () async throws -> Response
    ) {
        pending.isDeferred = true
        deferred.append(Deferred(pending: pending, request: request, work: work, deadline: deadline))
    }

    /// Starts the work of every request kept since the last run, in the order they arrived, each
    /// running on this thread until it answers or first waits (`RequestTask.runInline`); each
    /// request then holds its task, and its answer when it came without waiting. Work of a
    /// request whose connection has closed since is dropped.
    func run(continuations: ContinuationThreads) {
        guard !deferred.isEmpty else { return }
        let round = deferred
        deferred.removeAll(keepingCapacity: true)
        for item in round where !item.pending.isCompleted {
            let task = RequestTask(deadline: item.deadline, continuations: continuations)
            item.pending.task = task
            item.pending.earlyAnswer = task.runInline(item.request, item.work)
        }
    }
}
