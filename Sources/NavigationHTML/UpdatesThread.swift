import Foundation

/// The thread `LiveUpdates` hears the store's changes on: a task executor of one thread, so that
/// a refresh never waits for Swift's few cooperative threads, which code elsewhere in the process
/// may hold (blocking calls, long loops). It exits once `finish()` is called and its jobs have run.
final class UpdatesThread: TaskExecutor, @unchecked Sendable {
    // Guarded by `condition`'s lock.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init() {
        let thread = Thread { [self] in work() }
        thread.name = "live-updates"
        thread.stackSize = 512 << 10
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        guard !finished else {
            condition.unlock()
            return globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread exit once its queue is empty; later jobs run on the global executor.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            let next = jobs
            jobs = []
            let done = finished && next.isEmpty
            condition.unlock()
            if done { return }
            for job in next { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
