import CMicroHTTPD

/// One request's work: the task that runs the responder, the executor that task prefers, and
/// the answer, which may come at once or later.
///
/// The worker thread that received the request starts the task synchronously
/// (`Task.immediateDetached`, in `runInline`, when the worker runs its `RequestRound`): it runs
/// on that thread until it first waits, so a responder that answers at once is done before the
/// worker goes on, with no thread hop and no queue. Once the task waits, the connection is
/// suspended. When the task can go on (its database answered), its next job comes to this
/// executor, which keeps it and resumes the connection: the worker runs it when libmicrohttpd
/// calls again, in its next round, beside the other requests that went on in the meantime
/// (`runJobs`). Whoever delivers the answer first (the responder, the deadline, a disconnect,
/// shutdown) resumes the connection, exactly once. Jobs that come once the worker is done with
/// the request (a task cancelled after its answer was given in its place) run on the server's
/// `ContinuationThreads`.
final class RequestTask: TaskExecutor {
    /// A suspended libmicrohttpd connection; resumed only while holding `state`'s lock, and
    /// only once, so the pointer is never used after libmicrohttpd may free it.
    struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
        /// Its socket, watched for the client going away.
        let socket: Int32
    }

    private enum Answer {
        /// The responder is working and the worker is still in the access handler, or will be
        /// called again for the jobs kept.
        case running
        /// The worker left; the connection waits for a job or for `deliver`.
        case suspended(Connection)
        /// The answer, for the worker to queue.
        case answered(Response)
        /// Queued, or dropped because nobody waits for it any more.
        case taken
    }

    private struct State {
        var answer = Answer.running
        /// The task once the worker has left it (to cancel it if abandoned).
        var task: Task<Void, Never>?
        /// Jobs for the worker to run when it is called again.
        var jobs: [UnownedJob] = []
    }

    private let state = Locked(State())
    /// When the request gives up waiting: `503` with `Retry-After`.
    let deadline: ContinuousClock.Instant

    /// Where the task's jobs go once the worker is done with the request.
    private let continuations: ContinuationThreads

    init(deadline: ContinuousClock.Instant, continuations: ContinuationThreads) {
        self.deadline = deadline
        self.continuations = continuations
    }

    /// Starts `work`, the answer to `request`, and runs it on this thread until it answers or
    /// first waits.
    ///
    /// - Returns: The answer when it came without waiting, else nil: the caller must then
    ///   `suspend` the connection.
    func runInline(_ request: Request, _ work: @escaping @Sendable () async throws -> Response) -> Response? {
        let task = Task.immediateDetached(executorPreference: self) { [self] in
            _ = deliver(await ServerCore.response(for: request, from: work))
        }
        return state.withLock { state in
            guard case .answered(let response) = state.answer else {
                state.task = task
                return nil
            }
            state.answer = .taken
            return response
        }
    }

    /// What the worker does next with a request whose task has begun.
    enum Next {
        /// Queue this answer.
        case answer(Response)
        /// Run the jobs that came (`runJobs`), then ask again.
        case runJobs
        /// Nothing: the connection is suspended until a job or the answer comes.
        case wait
    }

    /// Suspends `connection` until a job or the answer comes, unless one has come already (from
    /// a thread that went on since the worker last looked). Once the answer is taken, the task's
    /// jobs (it was cancelled, an answer given in its place) run on the continuation threads.
    func suspend(_ connection: Connection) -> Next {
        var left: [UnownedJob] = []
        let next = state.withLock { state -> Next in
            if case .answered(let response) = state.answer {
                state.answer = .taken
                swap(&left, &state.jobs)
                return .answer(response)
            }
            if !state.jobs.isEmpty { return .runJobs }
            // Inside the lock: `deliver` and `enqueue` resume under it, so neither can resume
            // first.
            MHD_suspend_connection(connection.pointer)
            state.answer = .suspended(connection)
            return .wait
        }
        runOnContinuations(left)
        return next
    }

    /// Runs the jobs kept for the worker, on this thread, until none is left.
    func runJobs() {
        while true {
            var jobs: [UnownedJob] = []
            state.withLock { swap(&jobs, &$0.jobs) }
            guard !jobs.isEmpty else { return }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    /// The first answer delivered wins; later ones are dropped. Resumes the connection when the
    /// worker has left it. Returns whether this answer won.
    @discardableResult
    func deliver(_ response: Response) -> Bool {
        state.withLock { state in
            switch state.answer {
            case .running:
                state.answer = .answered(response)
                return true
            case .suspended(let connection):
                state.answer = .answered(response)
                MHD_resume_connection(connection.pointer)
                return true
            case .answered, .taken:
                return false
            }
        }
    }

    /// Answers in the responder's place (the deadline passed, the client left, the server
    /// stops) and cancels its task, which may still be working.
    func abandon(with response: Response) {
        if deliver(response) { state.withLock { $0.task }?.cancel() }
    }

    /// The worker is done with the request (libmicrohttpd completed it): jobs kept for it, and
    /// any that come later, run on the continuation threads.
    func release() {
        var left: [UnownedJob] = []
        state.withLock { state in
            state.answer = .taken
            swap(&left, &state.jobs)
        }
        runOnContinuations(left)
    }

    private func runOnContinuations(_ jobs: [UnownedJob]) {
        for job in jobs { continuations.run(job, on: asUnownedTaskExecutor()) }
    }

    /// The connection while suspended.
    var suspendedConnection: Connection? {
        state.withLock { state in
            if case .suspended(let connection) = state.answer { return connection }
            return nil
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let kept = state.withLock { state in
            switch state.answer {
            case .running:
                state.jobs.append(job)
                return true
            case .suspended(let connection):
                state.jobs.append(job)
                state.answer = .running
                MHD_resume_connection(connection.pointer)
                return true
            case .answered, .taken:
                return false
            }
        }
        if !kept { runOnContinuations([job]) }
    }
}
