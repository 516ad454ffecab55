import Logging
import ServiceLifecycle

/// A server runs as a swift-service-lifecycle `Service`, beside the services it needs (a
/// database client), in one `ServiceGroup` that turns SIGTERM and SIGINT into a graceful
/// shutdown:
///
/// ```swift
/// let server = Server(configuration: .init(port: 8080), responder: responder, logger: logger)
/// let group = ServiceGroup(configuration: .init(
///     services: [postgresClient, server],          // stopped in reverse order: the server first
///     gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
extension Server: Service {
    /// Starts listening, logs the address (with the port that `0` chose), and serves until a
    /// graceful shutdown is triggered or the task is cancelled; then drains as
    /// `shutdown(timeout:quietPeriod:)` does (`ServerConfiguration.shutdownTimeout`) and returns.
    ///
    /// - Throws: `ServerError` when the server cannot start (the port is taken, say); its
    ///   description is one line that says why.
    public func run() async throws {
        try start()
        logger.info("Serving on \(address)")
        if let onListening { await onListening(self) }
        // Cancellation ends the wait as a graceful shutdown does: either way, drain.
        try? await gracefulShutdown()
        logger.info("Finishing the requests in flight")
        await shutdownDraining()
        logger.info("Stopped")
    }

    /// `shutdown(timeout:quietPeriod:)` on a thread of its own: it blocks while the connections
    /// drain, which a task must not do on the concurrency pool's few threads. The timeout is
    /// `ServerConfiguration.shutdownTimeout` unless given.
    public func shutdownDraining(timeout: Double? = nil, quietPeriod: Double = 1) async {
        let timeout = timeout ?? Double(configuration.shutdownTimeout.components.seconds)
            + Double(configuration.shutdownTimeout.components.attoseconds) / 1e18
        let thread = Locked<ServerThread?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            thread.withLock { thread in
                thread = ServerThread.start(name: "mhd-shutdown", stackSize: 256 << 10) {
                    self.shutdown(timeout: timeout, quietPeriod: quietPeriod)
                    continuation.resume()
                }
            }
        }
        thread.withLock { $0 }?.join()
    }

    /// Where the server listens, as a URL (`http://127.0.0.1:8080/`, `http://[::1]:8080/`):
    /// after `start()`, with the real port.
    public var address: String {
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    }
}
