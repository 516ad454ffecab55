import CMicroHTTPD

/// One request's work: the task that runs the responder, the executor that task prefers, and
/// the answer, which may come at once or later.
///
/// The worker thread that received the request starts the task synchronously
/// (`Task.immediateDetached`, in `runInline`, when the worker runs its `RequestRound`): it runs
/// on that thread until it first waits, so a responder that answers at once is done before the
/// worker goes on, with no thread hop and no queue. Once the task waits, the connection is suspended, the task's later jobs run on
/// the server's `ContinuationThreads` (this is the executor the task prefers), and whoever
/// delivers the answer first (the responder, the deadline, a disconnect, shutdown) resumes the
/// connection, exactly once.
final class RequestTask: TaskExecutor {
    /// A suspended libmicrohttpd connection; resumed only while holding `state`'s lock, and
    /// only once, so the pointer is never used after libmicrohttpd may free it.
    struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
        /// Its socket, watched for the client going away.
        let socket: Int32
    }

    private enum Answer {
        /// The responder is working and the worker is still in the access handler.
        case running
        /// The worker left; the connection waits for `deliver`.
        case suspended(Connection)
        /// The answer, for the worker to queue.
        case answered(Response)
        /// Queued, or dropped because nobody waits for it any more.
        case taken
    }

    /// The answer, and the task once the worker has left it (to cancel it if abandoned).
    private let state = Locked<(answer: Answer, task: Task<Void, Never>?)>((.running, nil))
    /// When the request gives up waiting: `503` with `Retry-After`.
    let deadline: ContinuousClock.Instant

    /// Where the task's jobs go once the worker has detached.
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

    /// Suspends `connection` until the answer is delivered, unless it has been already (by a
    /// task that finished on another thread since `runInline` returned): then it is returned.
    func suspend(_ connection: Connection) -> Response? {
        state.withLock { state in
            if case .answered(let response) = state.answer {
                state.answer = .taken
                return response
            }
            // Inside the lock: `deliver` resumes under it, so it can never resume first.
            MHD_suspend_connection(connection.pointer)
            state.answer = .suspended(connection)
            return nil
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

    /// The delivered answer, once, for the worker called again after the resume.
    func takeAnswer() -> Response? {
        state.withLock { state in
            guard case .answered(let response) = state.answer else { return nil }
            state.answer = .taken
            return response
        }
    }

    /// The connection while suspended.
    var suspendedConnection: Connection? {
        state.withLock { state in
            if case .suspended(let connection) = state.answer { return connection }
            return nil
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        continuations.run(UnownedJob(job), on: asUnownedTaskExecutor())
    }
}
