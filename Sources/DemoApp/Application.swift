import Foundation
import Logging
import MicroHTTP
import Navigation
import NavigationHTML
#if PostgreSQL
import PostgresNIO
#endif

/// Runs `body` with the demo server built and ready to `start()`: static files from the public
/// folder, then the navigation app, with one log line per request; the data in PostgreSQL when
/// the configuration names a database (its connection pool runs for as long as `body` does, and
/// the schema is brought up to date first), else in the SQLite file of the data folder. Kept
/// apart from `@main` so tests can run the real server on a free port. The server is shut down
/// when `body` returns or throws, if `body` has not done it.
///
/// ```swift
/// try await withDemoApplication(DemoConfiguration(port: 0)) { server in
///     try server.start()
///     print("http://127.0.0.1:\(server.port)/")
///     await signals.wait()
///     server.shutdown()
/// }
/// ```
///
/// - Throws: ``DatabaseUnreachable`` when the database cannot be reached at start; the errors
///   of reading the templates, the secrets or the SQLite file otherwise.
public func withDemoApplication<Result: Sendable>(
    _ configuration: DemoConfiguration,
    logger: Logger = Logger(label: "navigation-demo"),
    _ body: (Server) async throws -> Result
) async throws -> Result {
    guard let url = configuration.database else {
        let store = try DemoStore(path: (configuration.dataDirectory as NSString).appendingPathComponent("demo.sqlite"))
        return try await serve(store, configuration, logger: logger, body)
    }
    #if PostgreSQL
    var storeLogger = logger
    storeLogger.logLevel = .error
    let store = PostgresDemoStore(url: url, statementTimeout: configuration.requestDeadline, logger: storeLogger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await store.run() }
        defer { group.cancelAll() }
        do {
            // Connecting once first: the pool would keep trying rather than fail.
            try await store.probe()
            try await store.migrate()
        } catch {
            throw DatabaseUnreachable(url: url, reason: error)
        }
        return try await serve(store, configuration, logger: logger, body)
    }
    #else
    throw DatabaseUnreachable(url: url, reason: HTTPError(.serviceUnavailable, DatabaseUnreachable.notBuiltIn))
    #endif
}

private func serve<Result>(
    _ store: any DemoStorage, _ configuration: DemoConfiguration, logger: Logger, _ body: (Server) async throws -> Result
) async throws -> Result {
    let templates = try TemplateLibrary(directory: configuration.templatesDirectory)
    let cookie = StateCookie<DemoNavigation>(keys: try SecretStore.keyRing(for: configuration))
    // Versioned URLs for the pages' own files, read once at start-up: they cache for a year.
    let publicFiles = configuration.publicDirectory
    let app = try NavigationResponder(
        app: DemoApp(store: store), templates: templates, cookie: cookie,
        stylesheet: FileResponder.versionedURL(of: "app.css", in: publicFiles),
        script: FileResponder.versionedURL(of: "app.js", in: publicFiles))
    let files = FileResponder(root: configuration.publicDirectory, fallback: DemoResponder(navigation: app))
    var settings = ServerConfiguration()
    settings.host = configuration.host
    settings.port = configuration.port
    settings.requestDeadline = configuration.requestDeadline
    settings.trustedProxies = configuration.trustedProxies
    let named: any HTTPResponder = configuration.instanceName.map {
        HeaderAddingResponder(next: files, fields: [("X-Instance", $0)])
    } ?? files
    let server = Server(configuration: settings, responder: RequestLogger(next: named, logger: logger))
    defer { server.shutdown() }
    return try await body(server)
}

/// The database named at start could not be reached (or refused the schema): the message names
/// its URL without the password.
public struct DatabaseUnreachable: Error, CustomStringConvertible {
    public let url: DatabaseURL
    public let reason: any Error

    /// Why a build without the `PostgreSQL` trait (`--disable-default-traits`) cannot use one.
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

/// The navigation responder behind a type of this module. Calls through a protocol reach the
/// generic `NavigationResponder` unspecialized; this call names `DemoApp`, so a build with
/// cross-module optimization (`-Xswiftc -cross-module-optimization`, as `scripts/run-demo` and
/// `scripts/bench` build) compiles the whole request for the demo's own types. Measured: a third
/// fewer instructions per request.
struct DemoResponder: HTTPResponder {
    let navigation: NavigationResponder<DemoApp>

    func respond(to request: Request) async throws -> Response {
        try await navigation.respond(to: request)
    }
}
