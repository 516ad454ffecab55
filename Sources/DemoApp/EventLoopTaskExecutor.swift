#if PostgreSQL
import NIOCore

/// Runs a task's jobs on one SwiftNIO event loop: a page read from PostgreSQL runs on its
/// connection's loop (`PostgresDemoStore.reading(_:)`), so that each of its statements goes out
/// and its answer comes back on the thread that reads the socket, instead of being handed from
/// the page's thread to the connection's and back.
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
#endif
