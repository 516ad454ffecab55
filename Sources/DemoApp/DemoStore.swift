import Foundation
import GRDB
import NavigationHTML

/// The demo's content in an SQLite file: users, orders, recipe categories and recipes.
///
/// Contracts:
/// - Opening a path for the first time creates the file (and its missing parent directories),
///   the schema and the seed content. Opening it again keeps every edit and deletion: the seed
///   is part of migration "v1", which GRDB records as applied and never runs twice.
/// - Every method is synchronous, thread-safe and may be called from any thread. Reads run
///   concurrently, each on a read-only connection of its own to the WAL file (see `Readers`);
///   writes are serialized on a `DatabasePool`'s writer, each in its own transaction.
/// - Several stores (in this or other processes) may share one file: a writer that finds the
///   file locked waits up to ``busyTimeout`` instead of failing.
/// - A read connection keeps what it read (see ``ReadCache``) only while nothing has been
///   committed since, by anyone: a read never answers older data than the file holds.
/// - Lists come back in a stable order: the seed's order, then creation order for new orders.
/// - Text is stored exactly as given, NUL characters included; user text only ever reaches SQL
///   as bound arguments.
public final class DemoStore: DemoStorage {
    /// How long a write waits for another connection's write lock before throwing `SQLITE_BUSY`.
    ///
    /// Writes here take milliseconds, so five seconds only runs out when something is stuck,
    /// and a request failing then is better than one hanging.
    public static let busyTimeout: TimeInterval = 5

    /// The database file, as given to ``init(path:)``.
    public let path: String

    /// The read connections. Declared before the pool so that they close first, as the pool
    /// closes its own readers before its writer.
    let readers: Readers

    /// The writer. Internal only so that the store's extensions in other files can reach it;
    /// the app goes through the store's methods.
    let pool: DatabasePool

    /// Where committed writes announce their topics (see DemoStore+Topics.swift).
    let broadcast = TopicBroadcast()

    /// Checkpoints the write-ahead log off the writer's connection.
    let checkpointer: WALCheckpointer

    /// Opens (or creates) the store at `path` and brings its schema up to date.
    ///
    /// - Throws: When the parent directory cannot be created, when the file is not an SQLite
    ///   database, or when a migration fails (the database then stays at its previous version).
    public init(path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "DemoStore"
        configuration.prepareDatabase(WALCheckpointer.configure)
        self.path = path
        pool = try Self.openMigrated(path: path, configuration: configuration)
        readers = Readers(path: path, configuration: configuration)
        checkpointer = try WALCheckpointer(path: path, configuration: configuration)
    }

    /// Opens the pool and runs the pending migrations, retrying a few times when several
    /// stores (say, server processes) open the same fresh file at the same moment.
    ///
    /// Two races of a first start are not covered by the busy timeout: SQLite may answer
    /// `SQLITE_BUSY` at once, without waiting, when GRDB switches a new file to WAL; and GRDB
    /// reads which migrations are applied before it takes the write lock, so a store can start
    /// a migration another one has just committed and fail with "table already exists". Trying
    /// again settles both, since the file then is in WAL mode and the migration is recorded.
    /// Errors that persist are thrown after the last attempt.
    private static func openMigrated(path: String, configuration: Configuration) throws -> DatabasePool {
        let retriedCodes: [ResultCode] = [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_ERROR]
        var attempt = 1
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try migrator.migrate(pool)
                return pool
            } catch let error as DatabaseError where attempt < 5 && retriedCodes.contains(error.resultCode) {
                Thread.sleep(forTimeInterval: 0.05 * Double(attempt))
                attempt += 1
            }
        }
    }
}
