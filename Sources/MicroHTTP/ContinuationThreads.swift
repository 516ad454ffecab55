import Foundation

/// Threads of their own that run tasks' jobs, so that work which must be timely never waits for
/// Swift's global cooperative threads, which code elsewhere in the process may hold (blocking
/// calls, long loops). The server runs there what a request's task does once the worker is done
/// with the request (a task cancelled at its deadline, its answer given in its place); a
/// service can run its own loop on one (`LiveUpdates` does) through a `TaskExecutor` whose
/// `enqueue` hands the job here.
///
/// Jobs run in the order they arrive, on whichever thread is free. After `stop()`, jobs run on
/// the global concurrent executor.
///
/// ```swift
/// final class OwnThread: TaskExecutor {
///     let threads = ContinuationThreads()
///     init() { threads.start(count: 1, name: "my-service") }
///     func enqueue(_ job: consuming ExecutorJob) { threads.run(UnownedJob(job), on: asUnownedTaskExecutor()) }
/// }
/// ```
public final class ContinuationThreads: @unchecked Sendable {
    // Guarded by `condition`'s lock.
    private let condition = NSCondition()
    private var jobs: [(job: UnownedJob, executor: UnownedTaskExecutor)] = []
    private var head = 0
    private var stopped = false
    private var threads: [ServerThread] = []

    /// No threads yet: `start(count:name:)` starts them.
    public init() {}

    /// Starts `count` threads (at least one), named `name` and their number.
    public func start(count: Int, name: String = "http-continue") {
        let started = (0..<max(1, count)).map { index in
            ServerThread.start(name: "\(name)-\(index)", stackSize: 1 << 20) { [self] in work() }
        }
        condition.lock()
        threads += started
        condition.unlock()
    }

    /// Queues a job for the next free thread; `executor` is the one its task prefers.
    public func run(_ job: UnownedJob, on executor: UnownedTaskExecutor) {
        condition.lock()
        guard !stopped else {
            condition.unlock()
            return globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
        jobs.append((job, executor))
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while let (job, executor) = next() {
            job.runSynchronously(on: executor)
        }
    }

    private func next() -> (UnownedJob, UnownedTaskExecutor)? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count {
            if stopped { return nil }
            condition.wait()
        }
        let next = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        return next
    }

    /// Ends the threads once the jobs queued so far have run; returns when they have exited
    /// (called from a job on one of them, without waiting for that one).
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        let stopping = threads
        threads = []
        condition.unlock()
        for thread in stopping { thread.join() }
    }
}
