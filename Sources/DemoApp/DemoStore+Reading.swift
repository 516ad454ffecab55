import Foundation
import GRDB

extension DemoStore {
    /// Runs `body`, every read one request makes (see `NavigationApp.reading(_:)`), inside one
    /// read transaction: the page's titles, lists and items come from one snapshot of the
    /// database, and the store's reads inside join it instead of each taking a connection.
    /// A `reading` inside another one of the same store on the same thread joins it as well.
    ///
    /// The transaction's two statements are prepared once per connection: GRDB's `read` would
    /// prepare four afresh around it (`query_only` on and off, `BEGIN`, `COMMIT`) on a
    /// connection that is read-only anyway.
    public func reading<Result>(_ body: () throws -> Result) throws -> Result {
        if CurrentReading.connection(of: readers) != nil { return try body() }
        return try readers.withConnection { connection in
            try connection.inDatabase { db in
                try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
                // A read-only transaction has nothing to commit: ending it can only release the snapshot.
                defer { try? db.cachedStatement(sql: "COMMIT TRANSACTION").execute() }
                let current = CurrentReading(readers: readers, connection: connection, thread: pthread_self())
                return try CurrentReading.$value.withValue(current, operation: body)
            }
        }
    }

    /// A read of one statement: inside `reading(_:)` it joins that transaction, else it runs on
    /// a connection of its own (one statement needs no transaction to be consistent).
    func readStatement<Result>(_ body: (Database) throws -> Result) throws -> Result {
        if let connection = CurrentReading.connection(of: readers) {
            return try connection.unsafeReentrantRead(body)
        }
        return try readers.withConnection { try $0.inDatabase(body) }
    }

    /// A read of several statements: inside `reading(_:)` it joins that transaction, else it
    /// opens one of its own so that the statements agree.
    func read<Result>(_ body: (Database) throws -> Result) throws -> Result {
        try readStatement { db in
            guard !db.isInsideTransaction else { return try body(db) }
            var result: Result?
            try db.inTransaction(.deferred) {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }
}
