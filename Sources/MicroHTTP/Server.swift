import CMicroHTTPD
import CoreMetrics
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server: libmicrohttpd parses and answers on its own worker
/// threads, a responder decides what to answer.
///
/// Requests with methods outside `HTTPMethod` get `405`, bodies over
/// `maxBodySize` get `413`, both without calling the responder; malformed HTTP is
/// refused by libmicrohttpd itself. Kept-alive connections are reused.
///
///     struct Hello: HTTPResponder {
///         func respond(to request: Request) throws -> Response { .text("Hello") }
///     }
///     let server = Server(configuration: ServerConfiguration(port: 0), responder: Hello())
///     try server.start()
///     defer { server.shutdown() }
///     print("listening on port \(server.port)")
public final class Server: Sendable {
    /// A running daemon's handle. The pointer is only used while holding `state`'s
    /// lock, and libmicrohttpd allows quiesce and stop from any thread.
    private struct Daemon: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private enum State {
        case idle
        case running(Daemon, watch: SuspensionWatch)
        case stopped
    }

    let configuration: ServerConfiguration
    let core: ServerCore
    /// Where the server says where it listens and when it stops (see `run()`).
    public let logger: Logger
    /// Called by `run()` once the server listens, with the server (its `port` is then the real
    /// one): a test or a script learns the port that `0` chose.
    let onListening: (@Sendable (Server) async -> Void)?
    private let state = Mutex(State.idle)
    private let boundPort: Atomic<Int>

    /// A server that is not listening yet; see `run()` (as a `Service`) or `start()`.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen and the limits that protect the server.
    ///   - responder: What answers each request.
    ///   - logger: Where the server says where it listens and logs unexpected errors; requests'
    ///     own loggers (`Request.logger`) derive from it.
    ///   - metricsFactory: Where the request metrics go (see `Response.screen`): the factory
    ///     the app bootstrapped (`MetricsSystem.factory`) unless given.
    ///   - onListening: Called by `run()` once the server listens.
    public init(
        configuration: ServerConfiguration, responder: any HTTPResponder,
        logger: Logger = Logger(label: "MicroHTTP"),
        metricsFactory: (any MetricsFactory)? = nil,
        onListening: (@Sendable (Server) async -> Void)? = nil
    ) {
        self.configuration = configuration
        self.logger = logger
        self.onListening = onListening
        let metrics = ServerMetrics(factory: metricsFactory ?? MetricsSystem.factory)
        core = ServerCore(
            responder: responder, maxBodySize: configuration.maxBodySize,
            requestDeadline: configuration.requestDeadline,
            proxies: TrustedProxies(configuration.trustedProxies) ?? TrustedProxies([])!, logger: logger,
            metrics: metrics,
            eventStreams: EventStreams(
                limit: configuration.eventStreamLimit, perAddressLimit: configuration.eventStreamsPerAddress,
                heartbeat: configuration.eventStreamHeartbeat, counted: metrics.eventStreams))
        boundPort = Atomic(configuration.port)
    }

    deinit {
        shutdown()
    }

    /// The port being listened on: after `start()` the real one, even when the
    /// configuration asked for 0.
    public var port: Int {
        boundPort.load(ordering: .acquiring)
    }

    /// The trim threshold glibc was last given, under a lock: `mallopt` called by two threads
    /// at once, before glibc's allocator was set up (as under ThreadSanitizer, whose allocator
    /// stands in for glibc's), sets it up twice, and the second thread's exit then aborts the
    /// process in `__malloc_arena_thread_freeres`.
    private static let trimThreshold = Locked<Int32?>(nil)

    private static func setTrimThreshold(_ bytes: Int32) {
        trimThreshold.withLock { current in
            guard current != bytes else { return }
            shim_set_malloc_trim_threshold(bytes)
            current = bytes
        }
    }

    /// Binds and starts serving on background threads; returns once listening.
    ///
    /// - Throws: `ServerError` when the configuration is invalid, the server was
    ///   started before, or the address cannot be bound.
    public func start() throws {
        if let problem = configuration.problem { throw ServerError.invalidConfiguration(problem) }
        let host = configuration.host
        guard let address = SocketAddress(host: host, port: UInt16(configuration.port)) else {
            throw ServerError.invalidHost(host)
        }
        if let bytes = configuration.retainedFreeMemory {
            Self.setTrimThreshold(Int32(clamping: bytes))
        }
        try state.withLock { state in
            guard case .idle = state else { throw ServerError.alreadyStarted }
            errno = 0
            guard let daemon = Self.startDaemon(core: core, configuration: configuration, address: address) else {
                let reason = errno == 0 ? "libmicrohttpd refused to start" : String(cString: strerror(errno))
                throw ServerError.startFailed("cannot listen on \(host) port \(configuration.port): \(reason)")
            }
            boundPort.store(Int(shim_bound_port(daemon)), ordering: .releasing)
            core.continuations.start(count: configuration.threads)
            state = .running(Daemon(pointer: daemon), watch: SuspensionWatch(core.suspensions, core.eventStreams, core.parked))
        }
    }

    /// Stops gracefully: new connections are refused at once, and requests on the connections
    /// already open are answered (with `Connection: close`) until every connection is closed,
    /// or `timeout` seconds have passed, or no request is in flight and none has begun for
    /// `quietPeriod` seconds; then every connection is closed. Requests still waiting for a
    /// responder then are answered `503` with `Retry-After` first.
    ///
    /// Waiting for the open connections is what makes a restart behind a proxy lose nothing: a
    /// proxy such as nginx keeps connections alive and may send a request on one at any moment,
    /// and a request sent just as the server closes that connection fails, and the proxy may not
    /// retry it (nginx never retries a POST). Served with `Connection: close`, the proxy closes
    /// them itself; once it sends nothing more (it has found the listener refusing and sends
    /// elsewhere), the quiet period ends the wait for those it keeps idle.
    ///
    /// Blocks the calling thread while waiting. A responder still running at the
    /// deadline delays the stop until it returns (libmicrohttpd joins its
    /// threads). Idempotent and safe to call from any thread; a server that was
    /// never started is left as it is.
    public func shutdown(timeout: Double = 10, quietPeriod: Double = 1) {
        let running: (Daemon, SuspensionWatch)? = state.withLock { state in
            guard case .running(let daemon, let watch) = state else { return nil }
            state = .stopped
            return (daemon, watch)
        }
        guard let (daemon, watch) = running else { return }
        core.beginDraining()
        let listener = MHD_quiesce_daemon(daemon.pointer)
        if listener != MHD_INVALID_SOCKET { refuseConnections(on: listener) }
        // Event streams never end by themselves: they end now, and their clients reconnect
        // elsewhere after their `retry:` time.
        core.eventStreams.finishAll()
        drain(until: ContinuousClock.now + .seconds(max(0, timeout)), quietPeriod: .seconds(max(0, quietPeriod)))
        // libmicrohttpd must not be stopped with a connection suspended: answer the requests
        // still waiting, and give their answers a moment to leave.
        watch.stop()
        core.answerWaitingRequests()
        let grace = ContinuousClock.now + .seconds(1)
        while core.inFlight.load(ordering: .sequentiallyConsistent) > 0, ContinuousClock.now < grace {
            usleep(2_000)
        }
        MHD_stop_daemon(daemon.pointer)
        core.continuations.stop()
        // After quiescing, the listening socket is ours to close, but only once the
        // daemon's threads are gone.
        if listener != MHD_INVALID_SOCKET { close(listener) }
    }

    /// Waits while requests are in flight or connections open, up to `deadline`; once nothing is
    /// in flight and no request has begun for `quietPeriod`, the connections left are idle ones
    /// nobody uses.
    private func drain(until deadline: ContinuousClock.Instant, quietPeriod: Duration) {
        var begun = core.requestsBegun.load(ordering: .relaxed)
        var quietSince = ContinuousClock.now
        while ContinuousClock.now < deadline {
            let inFlight = core.inFlight.load(ordering: .sequentiallyConsistent)
            if inFlight == 0, core.openConnections.load(ordering: .sequentiallyConsistent) == 0 { return }
            let now = ContinuousClock.now
            let latest = core.requestsBegun.load(ordering: .relaxed)
            if latest != begun {
                begun = latest
                quietSince = now
            } else if inFlight == 0, now - quietSince >= quietPeriod {
                return
            }
            usleep(2_000)
        }
    }

    /// Without this, connections keep completing in the kernel's backlog of the
    /// quiesced socket and hang there until the stop. On Linux, shutting down a
    /// listening socket resets that backlog and refuses new connections.
    private func refuseConnections(on listener: Int32) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(listener, Int32(SHUT_RDWR))
        #endif
    }
}
