import CoreMetrics
import Logging
import MicroHTTP
import Navigation
import ServiceLifecycle
import UnixSignals

/// An app, served: its key ring, state cookie and responder, the app's own routes beside its
/// pages, the request log and the server, in one value that is a swift-service-lifecycle
/// `Service`. Configured from code or from the environment (``AppConfiguration``).
///
/// ```swift
/// import NavigationHTML
///
/// var server = try NavigationServer(app: ShelfApp())      // PORT, HOST, NAVIGATION_SECRET, …
/// server.on(.get, "/healthz") { _, _ in .text("ok") }
/// server.on(.post, "/api/books") { request, _ in
///     let book = try request.decode(NewBook.self)         // 415, 400, 413, 422 as they apply
///     return try .json(shelf.add(book), status: .created)
/// }
/// try await server.runService()                          // until SIGINT or SIGTERM
/// ```
///
/// Beside other services (a database client), put the same value in a `ServiceGroup` of your
/// own. What it puts together stays public for an app that needs it otherwise: `KeyRing`,
/// `StateCookie`, ``NavigationResponder``, `Router`, ``RequestLogger`` and `Server`.
public struct NavigationServer<App: NavigationApp>: Service {
    /// Where it listens, and the secrets and proxies it believes.
    public let configuration: AppConfiguration
    /// The secrets that sign and verify the state cookie and form tokens.
    public let keyRing: KeyRing
    /// The state cookie.
    public let cookie: StateCookie<App.Schema>
    /// What answers the app's pages, its state as JSON, its forms and the library's files.
    public let responder: NavigationResponder<App>
    /// The app's own routes, tried before the pages (`on(_:_:_:)`).
    public private(set) var router: Router
    /// What wraps every request, outermost first, inside the request log (``add(_:)``).
    public private(set) var middleware: [any HTTPMiddleware] = []
    /// The server's log, and the request log's (one line per request, labelled with the app's name).
    public let logger: Logger
    /// The live updates given, run beside the server by ``runService()``.
    private let updates: LiveUpdates?
    /// Where the request metrics go (requests, durations and incidents by kind of screen); the
    /// factory the app bootstrapped (`MetricsSystem.factory`) when nil.
    public let metricsFactory: (any MetricsFactory)?

    /// The server for `app`, configured by `configuration` (the environment's, by default).
    ///
    /// - Parameters:
    ///   - app: What each screen shows.
    ///   - configuration: Where to listen and the secrets and proxies to believe; nil reads the
    ///     process's environment (``AppConfiguration/init(environment:)``).
    ///   - templates: The page templates, the library's own by default (see "Templates, Styles and Icons").
    ///   - stylesheets: The app's own stylesheets, linked after the library's.
    ///   - updates: The live updates of the app's screens, when they observe their data
    ///     (see "Screens That Update Themselves"); run it beside the server.
    ///   - logger: Labelled with the app's name unless given.
    ///   - metricsFactory: Where the request metrics go (a Prometheus registry's factory, say);
    ///     the one the app bootstrapped when nil.
    /// - Throws: ``AppConfiguration/Problem`` for a configuration that cannot work, and what
    ///   ``NavigationResponder/init(app:templates:cookie:stylesheets:stylesheet:script:updates:)`` throws
    ///   for a route that cannot be a path.
    public init(
        app: App, configuration: AppConfiguration? = nil, templates: TemplateLibrary = .navigation,
        stylesheets: [String] = [], updates: LiveUpdates? = nil, logger: Logger? = nil,
        metricsFactory: (any MetricsFactory)? = nil
    ) throws {
        let configuration = try configuration ?? AppConfiguration(environment: AppConfiguration.processEnvironment)
        var logger = logger ?? Logger(label: app.name)
        if let level = configuration.logLevel { logger.logLevel = level }
        let secrets = configuration.secrets.isEmpty ? [KeyRing.generateSecret()] : configuration.secrets
        if configuration.secrets.isEmpty {
            logger.warning("No NAVIGATION_SECRET: the cookies are signed with a secret made for this run, and last until a restart")
        }
        guard let keyRing = KeyRing(secrets: secrets) else {
            throw AppConfiguration.Problem.shortSecret(length: secrets.map(\.count).min() ?? 0)
        }
        self.configuration = configuration
        self.keyRing = keyRing
        self.logger = logger
        self.updates = updates
        self.metricsFactory = metricsFactory
        cookie = StateCookie(keys: keyRing, name: configuration.cookieName)
        responder = try NavigationResponder(
            app: app, templates: templates, cookie: cookie, stylesheets: stylesheets, updates: updates)
        router = Router(fallback: responder)
    }

    /// Adds a route of the app's own, whose handler may wait (a database); see `Router`.
    public mutating func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Router.Handler) {
        router.on(method, pattern, handler)
    }

    /// Adds a route whose handler answers at once (a health check, a constant); see `Router`.
    public mutating func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Router.ImmediateHandler) {
        router.on(method, pattern, handler)
    }

    /// Wraps every request (the routes' and the pages') in `middleware`, inside the middleware
    /// added before it and the request log.
    ///
    /// ```swift
    /// server.add(AddingHeaders([("X-Instance", "web-2")]))
    /// ```
    public mutating func add(_ middleware: some HTTPMiddleware) {
        self.middleware.append(middleware)
    }

    /// The `Server` that serves the app: the middleware, the routes, then the pages, each request
    /// logged. `host`
    /// and `port` replace the configuration's (port 0: a free one, as tests want).
    public func makeServer(
        host: String? = nil, port: Int? = nil, onListening: (@Sendable (Server) async -> Void)? = nil
    ) -> Server {
        var server = ServerConfiguration(host: host ?? configuration.host, port: port ?? configuration.port)
        server.trustedProxies = configuration.trustedProxies
        let layers: [any HTTPMiddleware] = [RequestLog(logger: logger)] + middleware
        let wrapped = layers.reversed().reduce(router as any HTTPResponder) { next, outer in outer.wrapping(next) }
        return Server(
            configuration: server, responder: wrapped, logger: logger, metricsFactory: metricsFactory, onListening: onListening)
    }

    /// Serves until a graceful shutdown is triggered or the task is cancelled, then finishes the
    /// requests in flight (see `Server`'s `run()`): the value as a `Service` in a group of your
    /// own, where the live updates, when given, run beside it.
    public func run() async throws {
        try await makeServer().run()
    }

    /// Serves in a `ServiceGroup` of its own (with the live updates given, when there are),
    /// which turns SIGTERM and SIGINT into a graceful shutdown, until one comes.
    public func runService() async throws {
        let services: [any Service] = (updates.map { [$0] } ?? []) + [self]
        try await ServiceGroup(configuration: .init(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)).run()
    }
}
