import Foundation
import GRDB
import MicroHTTP

extension DemoStore {
    /// The store's read-only connections to its file, one per read in progress.
    ///
    /// The pool's own readers cost a page about 40 k instructions to check out and back in
    /// (a barrier queue, a semaphore, a dispatch group, a schema version query), more than the
    /// page's queries; taking a connection here is a lock and an array's last element.
    ///
    /// Contracts:
    /// - Thread-safe; a connection is used by one read at a time. Reads in progress at once each
    ///   get a connection of their own, opened when none is idle, so concurrent reads never
    ///   wait for one another.
    /// - At most ``maximumIdle`` connections stay open between reads; any more are closed.
    /// - The connections are read-only and wait up to ``DemoStore/busyTimeout`` for a lock, as
    ///   the pool's readers do. They see what the pool's writer (or another process) committed
    ///   before their read began: WAL gives every read transaction a snapshot of its own.
    /// - Unlike the pool's readers they do not ask for the schema version before each read: the
    ///   schema only changes in migrations, which run as a store opens, before its first reader;
    ///   SQLite prepares a statement again by itself should another process migrate the file.
    final class Readers: Sendable {
        /// Enough for the server's worker threads (one per core by default) reading at once, so
        /// that a busy server does not open and close a connection per request.
        static let maximumIdle = max(8, ProcessInfo.processInfo.activeProcessorCount)

        private let path: String
        private let configuration: Configuration
        private let idle = Locked<[Reader]>([])

        init(path: String, configuration: Configuration) {
            var configuration = configuration
            configuration.readonly = true
            // A page's transaction spans several accesses (`reading(_:)` begins and ends it around
            // a body that may await between them); the connection is the page's alone meanwhile.
            configuration.allowsUnsafeTransactions = true
            configuration.label = (configuration.label ?? "DemoStore") + ".reader"
            self.path = path
            self.configuration = configuration
        }

        /// Runs `body` with a connection no other read uses until it returns.
        ///
        /// - Throws: What `body` throws, or the error of opening a connection.
        func withConnection<Result>(_ body: (Reader) throws -> Result) throws -> Result {
            let connection = try take()
            defer { giveBack(connection) }
            return try body(connection)
        }

        /// A connection no other read uses until it is given back.
        ///
        /// - Throws: The error of opening a connection.
        func take() throws -> Reader {
            try idle.withLock { $0.popLast() } ?? Reader(DatabaseQueue(path: path, configuration: configuration))
        }

        /// Ends the use of a connection from ``take()``.
        func giveBack(_ connection: Reader) {
            idle.withLock { idle in
                if idle.count < Self.maximumIdle { idle.append(connection) }
            }
        }

        /// How many connections are open and idle.
        var idleCount: Int { idle.withLock { $0.count } }
    }

    /// One read-only connection, and what it has read (see ``ReadCache``).
    final class Reader: Sendable {
        let queue: DatabaseQueue
        let cache = ReadCache()

        init(_ queue: DatabaseQueue) {
            self.queue = queue
        }
    }
}
