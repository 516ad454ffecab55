import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

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
/// round: the first such call runs the round's work (while the pages held stay under `limit`;
/// the rest wait, their connections suspended, in `ParkedRequests`, until a place comes free). A
/// `.ready` reply (a kept file) is answered at once, as before.
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

    /// The most pages a worker holds from its runs until their answers are sent, those that wait
    /// (on a database) included: a round of hundreds of requests would otherwise hold hundreds
    /// of pages at once (peak RSS at 256 connections: 32.6 MiB answering each as it came, 38.3
    /// to 40.3 MiB holding a whole round's, 34.2 to 35.5 MiB holding 32). Requests past it are
    /// parked until some answers have left; 32 keep the code as warm as a whole round does (16
    /// cost 5 to 15 % of the pages a second).
    static let limit = 32

    /// How long the worker may hold `limit` pages before those stop counting. An answer larger
    /// than the kernel takes at once is sent only as its client reads it, and a page may wait
    /// long on its data: without this, 32 clients that stop reading, or 32 slow pages, would stop
    /// every page of the worker until they time out. The watch resumes a parked request of a
    /// round held this long (`ParkedRequests.resumeOverdue`), whose handler call runs the round.
    static let patience = Duration.milliseconds(5)

    /// Pages started by runs and not yet answered and sent (see `release`), of the current
    /// `generation`.
    private var held = 0
    /// Moves when the answers held stop counting.
    private var generation = 0
    /// Since when `limit` pages have been held, if they are: read by the watch too.
    let fullness = Fullness()
    /// Where this round's requests are parked: the server's, set when it first parks one.
    private var parking: ParkedRequests?

    /// Keeps `work`, the answer to `request`, for the next `run`.
    func add(
        _ pending: PendingRequest, request: Request, deadline: ContinuousClock.Instant,
        work: @escaping @Sendable () async throws -> Response
    ) {
        pending.isDeferred = true
        deferred.append(Deferred(pending: pending, request: request, work: work, deadline: deadline))
    }

    /// Starts the work of the requests kept longest, in the order they arrived, while the pages
    /// held stay under `limit`, each running on this thread until it answers or first waits
    /// (`RequestTask.runInline`); each request then holds its task, and its answer when it came
    /// without waiting, and a parked one is resumed. Work of a request whose connection has
    /// closed since is dropped.
    func run(continuations: ContinuationThreads) {
        if fullness.isOverdue() {
            generation &+= 1
            held = 0
            fullness.clear()
        }
        var taken = 0
        while taken < deferred.count, held < Self.limit {
            let item = deferred[taken]
            taken += 1
            guard !item.pending.isCompleted else { continue }
            let task = RequestTask(deadline: item.deadline, continuations: continuations)
            item.pending.task = task
            item.pending.earlyAnswer = task.runInline(item.request, item.work)
            item.pending.heldBy = (self, generation)
            held += 1
            if held == Self.limit { fullness.start() }
            parking?.resume(parkedFor: item.pending)
        }
        deferred.removeFirst(taken)
    }

    /// Suspends the connection of `pending`, whose work a run could not start, until a place
    /// comes free (`release`), the round has held its pages past `patience`, or the server
    /// drains.
    func park(_ pending: PendingRequest, on connection: OpaquePointer, in parking: ParkedRequests) {
        self.parking = parking
        pending.parked = parking.park(connection, round: fullness)
    }

    /// `pending`'s page is no longer held by the round that started it: its answer has been sent
    /// (the request completed), or it is a stream, which lasts. A request parked by the round
    /// takes the place.
    static func release(_ pending: PendingRequest) {
        guard let (round, generation) = pending.heldBy else { return }
        pending.heldBy = nil
        if generation == round.generation {
            round.held -= 1
            round.fullness.clear()
        }
        if round.held < limit { round.parking?.resumeFirst(parkedBy: round.fullness) }
    }
}

extension RequestRound {
    /// Since when a round has held `limit` pages, as the worker and the watch both read it.
    final class Fullness: Sendable {
        /// Monotonic nanoseconds; 0 while the round is not full.
        private let since = Atomic<UInt64>(0)

        func start() { since.store(Self.now(), ordering: .relaxed) }

        func clear() { since.store(0, ordering: .relaxed) }

        /// Whether the round has been full for `RequestRound.patience` or longer.
        func isOverdue() -> Bool {
            let since = since.load(ordering: .relaxed)
            return since != 0 && Self.now() &- since >= Self.patience
        }

        /// `RequestRound.patience` in nanoseconds.
        private static let patience = UInt64(RequestRound.patience / .nanoseconds(1))

        private static func now() -> UInt64 {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC, &time)
            return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        }
    }
}
