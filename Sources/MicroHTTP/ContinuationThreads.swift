import Foundation

/// The threads that run a waiting request's work once it continues (its database answered, its
/// timer fired), owned by the server: a request's work never waits for Swift's global
/// cooperative threads, which code elsewhere in the process may hold (blocking calls, long
/// loops), and the server's answers keep coming while they are busy.
///
/// Jobs run in the order they arrive, on whichever thread is free. After `stop()`, jobs run on
/// the global concurrent executor.
final class ContinuationThreads: @unchecked Sendable {
    // Guarded by `condition`'s lock.
    private let condition = NSCondition()
    private var jobs: [(job: UnownedJob, executor: UnownedTaskExecutor)] = []
    private var head = 0
    private var stopped = false
    private var threads: [ServerThread] = []

    /// Starts `count` threads.
    func start(count: Int) {
        let started = (0..<max(1, count)).map { index in
            ServerThread.start(name: "http-continue-\(index)", stackSize: 1 << 20) { [self] in work() }
        }
        condition.lock()
        threads += started
        condition.unlock()
    }

    /// Queues a job for the next free thread; `executor` is the one its task prefers.
    func run(_ job: UnownedJob, on executor: UnownedTaskExecutor) {
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

    /// Ends the threads once the jobs queued so far have run; returns when they have exited.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        let stopping = threads
        threads = []
        condition.unlock()
        for thread in stopping { thread.join() }
    }
}
