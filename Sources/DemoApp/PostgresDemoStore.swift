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
    /// What pages read, kept across pages while the database's snapshot is the one they read it
    /// at (see `reading(_:)`). A snapshot (`pg_current_snapshot()`: the oldest transaction still
    /// running, the next to be numbered, those running between them) changes whenever a
    /// transaction that writes is numbered or ends, on any connection of any instance, and two
    /// equal snapshots see the same rows: a write shows on the very next page, wherever it was
    /// made. Instances keep their own; nothing is shared but the database.
    let keptAnswers = KeptAnswers<String>()
    /// The current snapshot, which every page read without a connection asks before it takes
    /// kept answers: asked once for the pages that ask while it is being asked (see
    /// `SharedQuestion`).
    let currentSnapshots = SharedQuestion<String>()
    /// Pages read without a connection of their own (see `reading(_:)`), 32 at most at once.
    /// The pool's connections bound the others; the server's workers hold 32 pages each, but let
    /// more in once those have waited 5 ms (a slow database), and tests call the app without
    /// the server. Unbounded, at 256 connections every page waited for one snapshot statement,
    /// was drawn when it answered and held its answer with all the others (peak RSS 43 → 66 MiB).
    let connectionlessPages = Admission(limit: 32)

    /// - Parameters:
    ///   - statementTimeout: How long PostgreSQL lets one statement run (its `statement_timeout`).
    ///   - connectTimeout: How long connecting may take before the call fails.
    ///   - maximumConnections: How many connections the pool holds at most (one is the
    ///     listener's for topic versions; a page holds one while it reads).
    ///   - keepsConnectionsOpen: Whether the pool opens them all at start and keeps them, as a
    ///     server under load should (see below); else it opens them as pages need them and closes
    ///     each after a minute unused, as many test servers sharing one database should.
    public init(
        url: DatabaseURL, statementTimeout: Duration = .seconds(5), connectTimeout: Duration = .seconds(2),
        maximumConnections: Int = 16, keepsConnectionsOpen: Bool = false,
        logger: Logger = Logger(label: "PostgresDemoStore")
    ) {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        configuration.options.connectTimeout = connectTimeout
        configuration.options.maximumConnections = maximumConnections
        // With `keepsConnectionsOpen`, no keep-alive queries and no idle timeout: postgres-nio
        // starts a keep-alive timer, and an idle timer for a connection beyond the minimum, each
        // time a connection goes back idle: tasks that sleep, two for every page whenever the
        // pool has a connection to spare. They ran on Swift's global executor, fell behind the
        // server under load and piled up (38 to 172 MiB in a minute with 64 connections). A
        // connection the database closes is dropped and made again as before; one that dies
        // without a word is found by the page that uses it (503, then `run()`'s probe).
        // Pools that open connections on demand keep postgres-nio's keep-alive: without it their
        // idle connections were not closed, and a hundred test servers sharing one cluster went
        // past its connection limit ("too many clients").
        configuration.options.minimumConnections = keepsConnectionsOpen ? maximumConnections : 0
        if keepsConnectionsOpen { configuration.options.keepAliveBehavior = nil }
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

    /// The rows of a plain (unprepared) read, on the page's connection inside `reading(_:)`,
    /// else on any.
    func rows<Row>(_ query: PostgresQuery, _ read: (PostgresRow) throws -> Row) async throws -> [Row] {
        try checkReachable()
        return try await translatingErrors {
            let sequence: PostgresRowSequence
            if let page {
                sequence = try await transaction(of: page).query(query, logger: logger)
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
}
#endif
