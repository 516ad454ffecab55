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
        guard let page = try beginPage() else { return try body() }
        defer { endPage(page) }
        return try CurrentReading.$value.withValue(page, operation: body)
    }

    /// `reading(_:)` for a body that awaits (`DemoStorage`'s requirement): it runs on the
    /// calling thread as long as it does not wait, as the server runs a page.
    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        guard let page = try beginPage() else { return try await body() }
        defer { endPage(page) }
        return try await CurrentReading.$value.withValue(page, operation: body)
    }

    /// Takes a connection for the page, or nil when a page of this store is in progress on this
    /// thread already (the body then joins it). Its transaction begins with the page's first read
    /// (`pageReader()`): a page that reads nothing of the store, as a 404 page, costs no
    /// `BEGIN`, no file lock and no `COMMIT`.
    private func beginPage() throws -> CurrentReading? {
        if CurrentReading.connection(of: readers) != nil { return nil }
        return CurrentReading(readers: readers, connection: try readers.take(), thread: pthread_self())
    }

    /// Inside a page, its connection, with the page's transaction begun, and the version it began
    /// with: the snapshot begins at the page's first read, and the connection's kept reads are
    /// checked against that version for the rest of the page.
    func pageReader() throws -> (reader: Reader, version: Int64)? {
        guard let connection = CurrentReading.connection(of: readers) else { return nil }
        if let version = connection.cache.pageVersion { return (connection, version) }
        let version = try connection.queue.inDatabase { db in
            try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
            do {
                return try ReadCache.version(db)
            } catch {
                try? db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
                throw error
            }
        }
        connection.cache.setPageVersion(version)
        return (connection, version)
    }

    /// A read-only transaction has nothing to commit: ending it can only release the snapshot.
    private func endPage(_ page: CurrentReading) {
        if page.connection.cache.pageVersion != nil {
            page.connection.cache.setPageVersion(nil)
            try? page.connection.queue.inDatabase { try $0.cachedStatement(sql: "COMMIT TRANSACTION").execute() }
        }
        readers.giveBack(page.connection)
    }

    /// A read of one statement: inside `reading(_:)` it joins that transaction, else it runs on
    /// a connection of its own (one statement needs no transaction to be consistent).
    func readStatement<Result>(_ body: (Database) throws -> Result) throws -> Result {
        if let reader = try pageReader()?.reader {
            return try reader.queue.unsafeReentrantRead(body)
        }
        return try readers.withConnection { try $0.queue.inDatabase(body) }
    }

    /// A read of several statements: inside `reading(_:)` it joins that transaction, else it
    /// opens one of its own so that the statements agree.
    func read<Result>(_ body: (Database) throws -> Result) throws -> Result {
        try read { db, _ in try body(db) }
    }

    /// `read(_:)`, with the connection it runs on.
    func read<Result>(_ body: (Database, Reader) throws -> Result) throws -> Result {
        if let reader = try pageReader()?.reader {
            return try reader.queue.unsafeReentrantRead { try body($0, reader) }
        }
        return try readers.withConnection { reader in
            try reader.queue.inDatabase { db in
                var result: Result?
                try db.inTransaction(.deferred) {
                    result = try body(db, reader)
                    return .commit
                }
                return result!
            }
        }
    }

    /// A read whose answer the connection keeps until something is committed (see
    /// ``ReadCache``): `body` runs only when it has no answer for `key` at the database's
    /// current version. Inside a page, an answer kept costs no trip to the database at all.
    func cachedRead<Result: Sendable>(_ key: ReadCache.Key, _ body: (Database) throws -> Result) throws -> Result {
        if let (reader, version) = try pageReader() {
            return try reader.cache.answer(key, version: version) { try reader.queue.unsafeReentrantRead(body) }
        }
        return try read { db, reader in try reader.cache.answer(key, version: try ReadCache.version(db)) { try body(db) } }
    }
}
