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
/// round: the first such call runs the round's work (while the answers held stay under `limit`;
/// the rest wait for a later round). A `.ready` reply (a kept file) is answered at once, as
/// before.
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

    /// The most answers a worker holds from its runs until they are sent: a round of hundreds
    /// of requests would otherwise hold hundreds of pages at once (peak RSS at 256 connections:
    /// 32.6 MiB answering each as it came, 38.3 to 40.3 MiB holding a whole round's, 34.2 to
    /// 35.5 MiB holding 32). Requests past it wait for a run after some answers have left; 32
    /// keep the code as warm as a whole round does (16 cost 5 to 15 % of the pages a second).
    static let limit = 32

    /// How long the worker may hold `limit` answers before those stop counting. An answer
    /// larger than the kernel takes at once is sent only as its client reads it: without this,
    /// 32 clients that stop reading would stop every page of the worker until they time out.
    static let patience = Duration.milliseconds(5)

    /// Answers given by runs and not yet sent (see `release`), of the current `generation`.
    private var held = 0
    /// Moves when the answers held stop counting.
    private var generation = 0
    /// Since when `limit` answers have been held, if they are.
    private var fullSince: ContinuousClock.Instant?

    /// Keeps `work`, the answer to `request`, for the next `run`.
    func add(
        _ pending: PendingRequest, request: Request, deadline: ContinuousClock.Instant,
        work: @escaping @Sendable () async throws -> Response
    ) {
        pending.isDeferred = true
        deferred.append(Deferred(pending: pending, request: request, work: work, deadline: deadline))
    }

    /// Starts the work of the requests kept longest, in the order they arrived, while the answers
    /// held stay under `limit`, each running on this thread until it answers or first waits
    /// (`RequestTask.runInline`); each request then holds its task, and its answer when it came
    /// without waiting. Work of a request whose connection has closed since is dropped.
    func run(continuations: ContinuationThreads) {
        if let fullSince, ContinuousClock.now - fullSince >= Self.patience {
            generation &+= 1
            held = 0
            self.fullSince = nil
        }
        var taken = 0
        while taken < deferred.count, held < Self.limit {
            let item = deferred[taken]
            taken += 1
            guard !item.pending.isCompleted else { continue }
            let task = RequestTask(deadline: item.deadline, continuations: continuations)
            item.pending.task = task
            item.pending.earlyAnswer = task.runInline(item.request, item.work)
            if item.pending.earlyAnswer != nil {
                item.pending.heldBy = (self, generation)
                held += 1
                if held == Self.limit { fullSince = .now }
            }
        }
        deferred.removeFirst(taken)
    }

    /// `pending`'s answer is no longer held by the round that gave it: it has been sent (the
    /// request completed), or it is a stream, which lasts.
    static func release(_ pending: PendingRequest) {
        guard let (round, generation) = pending.heldBy else { return }
        pending.heldBy = nil
        guard generation == round.generation else { return }
        round.held -= 1
        round.fullSince = nil
    }
}
