import MicroHTTP

/// The thread `LiveUpdates` hears the store's changes on: a task executor of one of
/// `ContinuationThreads`, so that a refresh never waits for Swift's few cooperative threads,
/// which code elsewhere in the process may hold. `finish()` ends it once its jobs have run;
/// later jobs run on the global executor.
final class UpdatesThread: TaskExecutor {
    private let thread = ContinuationThreads()

    init() {
        thread.start(count: 1, name: "live-updates")
    }

    func enqueue(_ job: consuming ExecutorJob) {
        thread.run(UnownedJob(job), on: asUnownedTaskExecutor())
    }

    func finish() {
        thread.stop()
    }
}
