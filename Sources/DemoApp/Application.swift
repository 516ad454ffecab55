import Foundation
import CoreMetrics
import Logging
import MicroHTTP
import Navigation
import NavigationHTML
import Prometheus
import ServiceLifecycle
#if PostgreSQL
import PostgresNIO
#endif

/// The demo, built and ready to run: static files from the public folder, then the library's
/// own files and the navigation app, with one log line per request; the data in PostgreSQL when
/// the configuration names a database, else in the SQLite file of the data folder.
///
/// It runs as services in a `ServiceGroup`, as the executable does, or inside
/// `withDemoApplication(_:logger:_:)`, as tests do:
///
/// ```swift
/// let demo = try DemoApplication(DemoConfiguration(port: 0), logger: logger)
/// let group = ServiceGroup(configuration: .init(
///     services: demo.services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
public struct DemoApplication: Sendable {
    /// The HTTP server; not listening until it runs.
    public let server: Server
    /// What refreshes open pages when the data they show changes (see `LiveUpdates`).
    public let updates: LiveUpdates
    fileprivate let database: Database?

    /// - Throws: the errors of reading the templates, the secrets or the SQLite file.
    public init(
        _ configuration: DemoConfiguration, logger: Logger = Logger(label: "navigation-demo"),
        metricsFactory: (any MetricsFactory)? = nil, onListening: (@Sendable (Server) async -> Void)? = nil
    ) throws {
        let store: any DemoStorage
        if let url = configuration.database {
            #if PostgreSQL
            var storeLogger = logger
            storeLogger.logLevel = .error
            let postgres = PostgresDemoStore(
                url: url, statementTimeout: configuration.requestDeadline, connectTimeout: configuration.databaseConnectTimeout,
                maximumConnections: configuration.databaseConnections,
                keepsConnectionsOpen: configuration.keepsDatabaseConnectionsOpen, logger: storeLogger)
            database = Database(store: postgres, url: url)
            store = postgres
            #else
            throw DatabaseUnreachable(url: url, reason: HTTPError(.serviceUnavailable, DatabaseUnreachable.notBuiltIn))
            #endif
        } else {
            database = nil
            store = try DemoStore(path: (configuration.dataDirectory as NSString).appendingPathComponent("demo.sqlite"))
        }
        let keys = try SecretStore.keyRing(for: configuration)
        updates = LiveUpdates(store: store, keys: keys, logger: logger)
        server = try Self.server(
            store, configuration, keys: keys, updates: updates, logger: logger, metricsFactory: metricsFactory,
            onListening: onListening)
    }

    /// What runs, in the order a `ServiceGroup` starts them and the reverse of the order it stops
    /// them: the PostgreSQL pool when there is one, the live updates, then the server, which
    /// first checks that the database answers and brings its schema up to date
    /// (``DatabaseUnreachable`` otherwise).
    public var services: [any Service] {
        guard let database else { return [updates, server] }
        return [database, updates, DatabaseFirst(database: database, server: server)]
    }

    private static func server(
        _ store: any DemoStorage, _ configuration: DemoConfiguration, keys: KeyRing, updates: LiveUpdates, logger: Logger,
        metricsFactory: (any MetricsFactory)?, onListening: (@Sendable (Server) async -> Void)?
    ) throws -> Server {
        let templates = try TemplateLibrary.navigation(directory: configuration.templatesDirectory)
        let cookie = StateCookie<DemoNavigation>(keys: keys)
        let app = try NavigationResponder(
            app: DemoApp(store: store), templates: templates, cookie: cookie, updates: updates)
        let pages = FileResponder(root: configuration.publicDirectory, fallback: app)
        let registry = configuration.servesMetrics ? PrometheusCollectorRegistry() : nil
        let files = DemoEndpoints.router(store: store, metrics: registry, fallback: pages)
        var settings = ServerConfiguration()
        settings.host = configuration.host
        settings.port = configuration.port
        settings.requestDeadline = configuration.requestDeadline
        settings.trustedProxies = configuration.trustedProxies
        let named: any HTTPResponder = configuration.instanceName.map {
            HeaderAddingResponder(next: files, fields: [("X-Instance", $0)])
        } ?? files
        return Server(
            configuration: settings, responder: RequestLogger(next: named, logger: logger), logger: logger,
            metricsFactory: metricsFactory ?? registry.map { PrometheusMetricsFactory(registry: $0) },
            onListening: onListening)
    }
}

/// Runs `body` with the demo server built and ready to `start()`, its live updates running, and
/// the database's pool running and checked (see ``DemoApplication``) for as long as `body` does.
/// Kept apart from
/// `@main` so tests can run the real server on a free port. The server is shut down when `body`
/// returns or throws, if `body` has not done it.
///
/// ```swift
/// try await withDemoApplication(DemoConfiguration(port: 0)) { server in
///     try server.start()
///     print("http://127.0.0.1:\(server.port)/")
/// }
/// ```
///
/// - Throws: ``DatabaseUnreachable`` when the database cannot be reached at start; the errors
///   of reading the templates, the secrets or the SQLite file otherwise.
public func withDemoApplication<Result: Sendable>(
    _ configuration: DemoConfiguration,
    logger: Logger = Logger(label: "navigation-demo"),
    metricsFactory: (any MetricsFactory)? = nil,
    _ body: (Server) async throws -> Result
) async throws -> Result {
    let demo = try DemoApplication(configuration, logger: logger, metricsFactory: metricsFactory)
    defer { demo.server.shutdown() }
    return try await demo.updates.running {
        guard let database = demo.database else { return try await body(demo.server) }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await database.run() }
            defer { group.cancelAll() }
            try await database.prepare()
            return try await body(demo.server)
        }
    }
}

extension DemoApplication {
    /// The PostgreSQL store as a service: its connection pool runs until a graceful shutdown
    /// (or cancellation), once the server in front of it has stopped.
    struct Database: Service {
        #if PostgreSQL
        let store: PostgresDemoStore
        #else
        let store: Never
        #endif
        let url: DatabaseURL

        func run() async throws {
            #if PostgreSQL
            await cancelWhenGracefulShutdown { await store.run() }
            #endif
        }

        /// Connects once first (the pool would keep trying rather than fail), then migrates.
        func prepare() async throws {
            #if PostgreSQL
            do {
                try await store.probe()
                try await store.migrate()
            } catch {
                throw DatabaseUnreachable(url: url, reason: error)
            }
            #endif
        }
    }

    /// The server, listening only once the database answers and has its schema.
    struct DatabaseFirst: Service {
        let database: Database
        let server: Server

        func run() async throws {
            try await database.prepare()
            try await server.run()
        }
    }
}

/// The database named at start could not be reached (or refused the schema): the message names
/// its URL without the password.
public struct DatabaseUnreachable: Error, CustomStringConvertible {
    public let url: DatabaseURL
    public let reason: any Error

    /// Why a build without the `PostgreSQL` trait (`--traits Demo`) cannot use one.
    public static let notBuiltIn = "this build has no PostgreSQL store (it was built without the PostgreSQL trait)"

    public var description: String {
        "cannot use the database at \(url): \(Self.describe(reason))"
    }

    /// postgres-nio's errors hide their cause from `description` (it may hold a query's
    /// arguments); the server's message or the connection's failure is what a user needs.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPError { return error.message }
        #if PostgreSQL
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return String(describing: underlying) }
            return String(describing: error.code)
        }
        #endif
        return String(describing: error)
    }
}
