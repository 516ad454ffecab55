#if canImport(Glibc)
import Glibc
#endif

/// A thread of the server's own (the continuation threads, the suspension watch), joined when
/// the server stops, so that `shutdown()` returns with every one of them gone. Foundation's
/// threads are detached: one still exiting after the server was freed would release the last
/// reference to what it ran on, and destroy its locks, while the process itself may be ending.
struct ServerThread: @unchecked Sendable {
    let handle: pthread_t

    /// Starts `body` on a new thread named `name` (at most 15 bytes are kept).
    ///
    /// - Precondition: the system can start a thread; a server that cannot is not usable.
    static func start(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) -> ServerThread {
        ServerThread(handle: startThread(name: name, stackSize: stackSize, body))
    }

    /// Waits until the thread has returned from its body and exited. Called on the thread
    /// itself (its last job stops what it runs on), it cannot wait for itself: it is detached
    /// instead, and exits on its own once the body returns.
    func join() {
        if pthread_equal(handle, pthread_self()) != 0 {
            _ = pthread_detach(handle)
        } else {
            _ = pthread_join(handle, nil)
        }
    }
}
