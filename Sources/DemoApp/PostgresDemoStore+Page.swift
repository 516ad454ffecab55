#if PostgreSQL
import PostgresNIO

extension PostgresDemoStore {
    /// The page being read (`reading(_:)`): its connection, for the reads inside it, and what
    /// it has read so far.
    struct Page: Sendable {
        @TaskLocal static var current: Page?
        let store: ObjectIdentifier
        let connection: PostgresConnection
        let answers = PostgresPageAnswers()
    }

    /// The page of this store in progress on this task, if any.
    var page: Page? {
        guard let page = Page.current, page.store == ObjectIdentifier(self) else { return nil }
        return page
    }

    /// Runs `body`, every read of one page, in one REPEATABLE READ transaction on one
    /// connection: one snapshot for the whole page, as SQLite's read transaction gives. Its
    /// two statements are prepared, as the reads are.
    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        if page != nil { return try await body() }
        try checkReachable()
        // The page's result is made and used on this task only; the pool's API asks for a
        // `sending` one, which a generic result cannot promise.
        nonisolated(unsafe) var result: Result?
        try await translatingErrors {
            try await client.withConnection { connection in
                // On the connection's own thread (see EventLoopTaskExecutor).
                try await withTaskExecutorPreference(EventLoopTaskExecutor(connection.eventLoop)) {
                    _ = try await connection.execute(PostgresStatements.Begin(), logger: logger)
                    do {
                        let page = Page(store: ObjectIdentifier(self), connection: connection)
                        result = try await Page.$current.withValue(page, operation: body)
                        _ = try await connection.execute(PostgresStatements.Commit(), logger: logger)
                    } catch {
                        // Plain: a statement preparing in a failed transaction would fail there,
                        // and postgres-nio would keep that failure as the statement's for good.
                        _ = try? await connection.query("ROLLBACK", logger: logger)
                        throw error
                    }
                }
            }
        }
        return result!
    }

    /// The rows of a prepared read, on the page's connection inside `reading(_:)`, else on any.
    func rows<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row] {
        try checkReachable()
        return try await translatingErrors {
            var rows: [Statement.Row] = []
            if let page {
                for try await row in try await page.connection.execute(statement, logger: logger) { rows.append(row) }
            } else {
                for try await row in try await client.execute(statement, logger: logger) { rows.append(row) }
            }
            return rows
        }
    }

    /// The answer for `key`: inside a page, the one the page has kept, else `read`'s, then kept
    /// for the rest of the page (see ``PostgresPageAnswers``); outside one, `read`'s.
    func kept<Value: Sendable>(_ key: PostgresPageAnswers.Key, _ read: () async throws -> Value) async throws -> Value {
        guard let page else { return try await read() }
        if let answer = page.answers.answer(key, as: Value.self) { return answer }
        let answer = try await read()
        page.answers.keep(answer, for: key)
        return answer
    }

    /// Inside a page, keeps `value` as the answer for `key` (an item another read brought).
    func keep<Value: Sendable>(_ value: Value, for key: PostgresPageAnswers.Key) {
        page?.answers.keep(value, for: key)
    }
}
#endif
