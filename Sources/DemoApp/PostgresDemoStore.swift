#if PostgreSQL
import Logging
import Synchronization
import MicroHTTP
import NavigationHTML
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
    /// How one connection is made, for the reachability probe.
    let connection: PostgresConnection.Configuration
    /// Since when the database has been out of reach, or nil. While it is, calls fail at once
    /// with 503 instead of each waiting for a connection the pool cannot make; `run()` probes
    /// the database and opens the gate again when it answers.
    let outage = Mutex<ContinuousClock.Instant?>(nil)
    /// Calls under way, and when one last finished: when calls wait a second without any
    /// finishing, `run()` probes the database, since the pool waits for a connection it cannot
    /// make rather than fail.
    let progress = Mutex((waiting: 0, last: ContinuousClock.now))
    /// Where the versions writes publish are announced, as the listener hears them (see
    /// PostgresDemoStore+Topics.swift).
    let broadcast = TopicBroadcast()

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
        var single = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        single.options.connectTimeout = .milliseconds(Int64(connectTimeout / .milliseconds(1)))
        self.url = url
        self.logger = logger
        self.connection = single
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    /// Runs the connection pool, the probe that ends an outage and the listener for topic
    /// versions, until the task is cancelled; every query needs it running.
    public func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.client.run() }
            group.addTask { await self.listen() }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(250))
                    if self.outage.withLock({ $0 }) != nil {
                        if (try? await self.probe()) != nil { self.outage.withLock { $0 = nil } }
                    } else if self.isStalled, (try? await self.probe()) == nil {
                        self.outage.withLock { $0 = $0 ?? .now }
                    }
                }
            }
        }
    }

    /// Connects once, outside the pool, and disconnects: throws when the database cannot be
    /// reached (refused at once, or after the connect timeout).
    public func probe() async throws {
        let connection = try await PostgresConnection.connect(configuration: connection, id: 0, logger: logger)
        try await connection.close()
    }

    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        if Page.current?.store == ObjectIdentifier(self) { return try await body() }
        try checkReachable()
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
        try checkReachable()
        return try await translatingErrors {
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
        try checkReachable()
        return try await translatingErrors {
            try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        }
    }

    /// Fails at once during an outage.
    func checkReachable() throws {
        if outage.withLock({ $0 }) != nil { throw Self.unavailable }
    }

    /// Whether calls have been waiting for a second with none finishing.
    private var isStalled: Bool {
        progress.withLock { $0.waiting > 0 && ContinuousClock.now - $0.last > .seconds(1) }
    }

    static let unavailable = HTTPError.unavailable(
        "The database is temporarily unavailable. Try again in a moment.", retryAfter: 2)

    /// Errors that mean the database is out of reach become `HTTPError.unavailable`; a lost
    /// connection also starts an outage (see `outage`).
    func translatingErrors<Result>(_ body: () async throws -> Result) async throws -> Result {
        progress.withLock { $0.waiting += 1 }
        defer { progress.withLock { $0 = ($0.waiting - 1, .now) } }
        do {
            return try await body()
        } catch let error as PostgresTransactionError {
            throw translated(error.closureError ?? error.beginError ?? error.commitError ?? error)
        } catch {
            throw translated(error)
        }
    }

    private func translated(_ error: any Error) -> any Error {
        guard let error = error as? PSQLError else { return error }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed, .clientClosedConnection:
            outage.withLock { $0 = $0 ?? .now }
            return Self.unavailable
        case .queryCancelled:
            return Self.unavailable
        case .server:
            // 57014: canceled (statement_timeout); 57P0x: the server is shutting down or
            // restarting; class 08: connection failures; class 53: out of resources.
            let state = error.serverInfo?[.sqlState] ?? ""
            if state.hasPrefix("57P") || state.hasPrefix("08") {
                outage.withLock { $0 = $0 ?? .now }
                return Self.unavailable
            }
            if state == "57014" || state.hasPrefix("53") { return Self.unavailable }
            return error
        default:
            return error
        }
    }
}
#endif
