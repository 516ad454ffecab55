import Logging
import MicroHTTP
import PostgresNIO

/// The demo's content in PostgreSQL, through postgres-nio's `PostgresClient`: the same schema,
/// seed and contracts as ``DemoStore`` (see ``DemoStorage``), for instances that share one
/// database.
///
/// ```swift
/// let store = PostgresDemoStore(url: DatabaseURL("postgresql://demo@127.0.0.1:5432/demo")!)
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { await store.run() }      // the connection pool, until cancelled
///     try await store.migrate()                // schema and seed, once per database
///     …                                        // serve
/// }
/// ```
///
/// Every query waits for the network without holding a thread. A database that cannot be
/// reached, or that drops the connection, makes the call throw `HTTPError.unavailable` (503 with
/// `Retry-After`); the pool connects again by itself once the database is back. A statement that
/// runs longer than `statementTimeout` is cancelled by the server and answers 503 too.
public final class PostgresDemoStore: DemoStorage {
    public let url: DatabaseURL
    let client: PostgresClient
    let logger: Logger

    /// The connection of the page being read (`reading(_:)`), for the reads inside it.
    struct Page: Sendable {
        @TaskLocal static var current: Page?
        let store: ObjectIdentifier
        let connection: PostgresConnection
    }

    /// - Parameters:
    ///   - statementTimeout: How long PostgreSQL lets one statement run (its `statement_timeout`).
    ///   - connectTimeout: How long connecting may take before the call fails.
    public init(
        url: DatabaseURL, statementTimeout: Duration = .seconds(5), connectTimeout: Duration = .seconds(2),
        maximumConnections: Int = 16, logger: Logger = Logger(label: "PostgresDemoStore")
    ) {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        configuration.options.connectTimeout = connectTimeout
        configuration.options.maximumConnections = maximumConnections
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", String(Int(statementTimeout / .milliseconds(1)))),
        ]
        self.url = url
        self.logger = logger
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    /// Runs the connection pool until the task is cancelled; every query needs it running.
    public func run() async {
        await client.run()
    }

    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        if Page.current?.store == ObjectIdentifier(self) { return try await body() }
        // The page's result is made and used on this task only; the pool's API asks for a
        // `sending` one, which a generic result cannot promise.
        nonisolated(unsafe) var result: Result?
        try await translatingErrors {
            try await client.withConnection { connection in
                // One snapshot for the whole page, as SQLite's read transaction gives.
                try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                do {
                    let page = Page(store: ObjectIdentifier(self), connection: connection)
                    result = try await Page.$current.withValue(page, operation: body)
                    try await connection.query("COMMIT", logger: logger)
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        }
        return result!
    }

    /// The rows of a read, on the page's connection inside `reading(_:)`, else on any.
    func rows<Row>(_ query: PostgresQuery, _ read: (PostgresRow) throws -> Row) async throws -> [Row] {
        try await translatingErrors {
            let sequence: PostgresRowSequence
            if let page = Page.current, page.store == ObjectIdentifier(self) {
                sequence = try await page.connection.query(query, logger: logger)
            } else {
                sequence = try await client.query(query, logger: logger)
            }
            var rows: [Row] = []
            for try await row in sequence { rows.append(try read(row)) }
            return rows
        }
    }

    /// Runs `body` in a transaction of its own: committed when it returns, rolled back when it throws.
    func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await translatingErrors {
            try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        }
    }

    /// Errors that mean the database is out of reach become `HTTPError.unavailable`.
    func translatingErrors<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as PostgresTransactionError {
            throw Self.translated(error.closureError ?? error.beginError ?? error.commitError ?? error)
        } catch {
            throw Self.translated(error)
        }
    }

    static func translated(_ error: any Error) -> any Error {
        guard let error = error as? PSQLError else { return error }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed, .clientClosedConnection,
             .queryCancelled:
            return HTTPError.unavailable("The database is not answering. Try again in a moment.", retryAfter: 2)
        case .server:
            // 57014: canceled (statement_timeout); 57P0x: the server is shutting down or
            // restarting; class 08: connection failures; class 53: out of resources.
            let state = error.serverInfo?[.sqlState] ?? ""
            if state == "57014" || state.hasPrefix("57P") || state.hasPrefix("08") || state.hasPrefix("53") {
                return HTTPError.unavailable("The database is not answering. Try again in a moment.", retryAfter: 2)
            }
            return error
        default:
            return error
        }
    }
}
