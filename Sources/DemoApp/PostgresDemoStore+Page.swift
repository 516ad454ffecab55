#if PostgreSQL
import MicroHTTP
import PostgresNIO

extension PostgresDemoStore {
    /// The page being read (`reading(_:)`): its connection, for the reads inside it, what it has
    /// read so far, and the snapshot it reads at.
    struct Page: Sendable {
        @TaskLocal static var current: Page?
        let store: ObjectIdentifier
        /// Nil for a page that reads only answers kept across pages (see `reading(_:)`).
        let connection: PostgresConnection?
        let answers = PostgresPageAnswers()
        /// The snapshot the page's answers come from (nil until known), whether it was asked for,
        /// whether the page's transaction is open, whether the snapshot moved before the page
        /// could open it (see `transaction`), and whether a page without a connection met a read
        /// that needs one.
        let state: Locked<(snapshot: String?, asked: Bool, isInTransaction: Bool, moved: Bool, needsConnection: Bool)>

        /// `snapshot`: one already found current, with the kept answers read at it: the page on a
        /// connection takes kept answers at that snapshot only.
        init(store: ObjectIdentifier, connection: PostgresConnection?, snapshot: String? = nil) {
            self.store = store
            self.connection = connection
            state = Locked((snapshot, snapshot != nil, false, false, false))
        }
    }

    /// The snapshot moved between the page's first statement and a read it had to make: what it
    /// took from `keptAnswers` so far may disagree with what it would read now.
    struct SnapshotMoved: Error {}

    /// A page read without a connection of its own met a read that no kept answer gives.
    struct NeedsConnection: Error {}

    /// The page of this store in progress on this task, if any.
    var page: Page? {
        guard let page = Page.current, page.store == ObjectIdentifier(self) else { return nil }
        return page
    }

    /// Runs `body`, every read of one page, at one snapshot of the database, as SQLite's read
    /// transaction gives.
    ///
    /// With answers kept (`keptAnswers`), the page's first look at them asks for the current
    /// snapshot: if it is the one they were read at, the page takes them, and opens its
    /// REPEATABLE READ transaction only for a read none answers. A page that reads nothing new
    /// costs that one statement, instead of a transaction around every read, and a page that
    /// reads nothing of the store (a 404 page) none. When the snapshot moved before
    /// that transaction began (a write committed in between), the page is read again, from the
    /// start, in a transaction of its own. Without answers kept at the current snapshot, the page
    /// opens its transaction first. Every statement is prepared, as the reads are.
    ///
    /// With answers kept, the page is read first without a connection of its own, where the
    /// request runs (32 such pages at once; more wait their turn): a page that the kept answers
    /// give whole (or that reads nothing) costs no connection from the pool and no hop to its
    /// thread. Its first read that none answers sends it, from the start, to a connection. So
    /// `body` may run up to three times (without a connection, on one at the kept answers'
    /// snapshot, in a transaction of its own once a write moved that snapshot), and must only
    /// read.
    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        if page != nil { return try await body() }
        try checkReachable()
        // The snapshot found current by the page read without a connection, which the page on a
        // connection then starts from; nil when it read in its own transaction.
        var known: String?
        if keptAnswers.version != nil {
            // Set by the page read without a connection when the kept answers gave it whole.
            nonisolated(unsafe) var answer: Result?
            var answered = false
            try await connectionlessPages.inside {
                let page = Page(store: ObjectIdentifier(self), connection: nil)
                do {
                    answer = try await translatingErrors { try await Page.$current.withValue(page, operation: body) }
                    answered = !page.state.withLock { $0.needsConnection }
                } catch {
                    // The app may have passed the store's error on as its own.
                    guard page.state.withLock({ $0.needsConnection }) else { throw error }
                }
                known = page.state.withLock { $0.snapshot }
            }
            if answered { return answer! }
        }
        // The page's result is made and used on this task only; the pool's API asks for a
        // `sending` one, which a generic result cannot promise.
        nonisolated(unsafe) var result: Result?
        try await translatingErrors {
            try await client.withConnection { connection in
                // On the connection's own thread (see EventLoopTaskExecutor).
                try await withTaskExecutorPreference(EventLoopTaskExecutor(connection.eventLoop)) {
                    while true {
                        let page = Page(store: ObjectIdentifier(self), connection: connection, snapshot: known)
                        do {
                            result = try await Page.$current.withValue(page, operation: body)
                            // A read may have met `SnapshotMoved` where the app did not pass it on.
                            if page.state.withLock({ $0.moved }) { throw SnapshotMoved() }
                            if page.state.withLock({ $0.isInTransaction }) {
                                _ = try await connection.execute(PostgresStatements.Commit(), logger: logger)
                            }
                            return
                        } catch {
                            if page.state.withLock({ $0.isInTransaction }) {
                                // Plain: a statement preparing in a failed transaction would fail
                                // there, and postgres-nio would keep that failure as the statement's.
                                _ = try? await connection.query("ROLLBACK", logger: logger)
                            }
                            guard known != nil, page.state.withLock({ $0.moved }) else { throw error }
                            known = nil
                        }
                    }
                }
            }
        }
        return result!
    }

    /// The snapshot of the answers kept across pages when it is the current one, asked for once
    /// a page (its first look at them); nil when they are not the page's to take, which then
    /// reads in its own transaction.
    private func trustedSnapshot(of page: Page) async throws -> String? {
        let (snapshot, asked, isInTransaction) = page.state.withLock { ($0.snapshot, $0.asked, $0.isInTransaction) }
        // Only a page without a connection asks; one on a connection starts from the snapshot its
        // first run found, if any. Holding one of the pool's connections while it waits for a
        // shared statement, which may wait for a connection itself, could leave them all waiting.
        guard snapshot == nil, !asked, !isInTransaction, page.connection == nil else { return snapshot }
        page.state.withLock { $0.asked = true }
        // Pages that ask at once share a statement, each one put after it asked (see
        // `SharedQuestion`): a write that committed before the page began shows in the answer.
        let current = try await currentSnapshots.answer { try await currentSnapshot(on: nil) }
        guard current == keptAnswers.version else { return nil }
        page.state.withLock { $0.snapshot = current }
        return current
    }

    /// Opens the page's transaction if it is not open: its snapshot, from its first statement,
    /// is the page's from then on. Throws `SnapshotMoved` when the page had begun at another, and
    /// `NeedsConnection` for a page without a connection.
    ///
    /// - Returns: The page's connection, in its transaction.
    func transaction(of page: Page) async throws -> PostgresConnection {
        guard let connection = page.connection else {
            page.state.withLock { $0.needsConnection = true }
            throw NeedsConnection()
        }
        let trusted = page.state.withLock { state -> String?? in
            state.isInTransaction ? .none : .some(state.snapshot)
        }
        guard let trusted else { return connection }
        if page.state.withLock({ $0.moved }) { throw SnapshotMoved() }
        _ = try await connection.execute(PostgresStatements.Begin(), logger: logger)
        page.state.withLock { $0.isInTransaction = true }
        let snapshot = try await currentSnapshot(on: connection)
        guard trusted == nil || trusted == snapshot else {
            page.state.withLock { $0.moved = true }
            throw SnapshotMoved()
        }
        page.state.withLock { $0.snapshot = snapshot }
        return connection
    }

    /// The current snapshot, on `connection`, else on any of the pool's.
    private func currentSnapshot(on connection: PostgresConnection?) async throws -> String {
        var snapshot = ""
        let rows = if let connection {
            try await connection.execute(PostgresStatements.CurrentSnapshot(), logger: logger)
        } else {
            try await client.execute(PostgresStatements.CurrentSnapshot(), logger: logger)
        }
        for try await row in rows { snapshot = row }
        return snapshot
    }

    /// The rows of a prepared read, on the page's connection inside `reading(_:)` (in its
    /// transaction), else on any.
    func rows<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row] {
        try checkReachable()
        return try await translatingErrors {
            var rows: [Statement.Row] = []
            if let page {
                let connection = try await transaction(of: page)
                for try await row in try await connection.execute(statement, logger: logger) { rows.append(row) }
            } else {
                for try await row in try await client.execute(statement, logger: logger) { rows.append(row) }
            }
            return rows
        }
    }

    /// The answer for `key`: inside a page, the one the page has kept, or the one kept at its
    /// snapshot across pages (`keptAnswers`), else `read`'s, then kept for both;
    /// outside one, `read`'s.
    func kept<Value: Sendable>(_ key: PostgresPageAnswers.Key, _ read: () async throws -> Value) async throws -> Value {
        guard let page else { return try await read() }
        if let answer = page.answers.answer(key, as: Value.self) { return answer }
        if let snapshot = try await trustedSnapshot(of: page),
           let answer = keptAnswers.answer(key, as: Value.self, at: snapshot) {
            page.answers.keep(answer, for: key)
            return answer
        }
        let answer = try await read()
        keep(answer, for: key)
        return answer
    }

    /// Inside a page, keeps `value` as the answer for `key` (an item another read brought).
    func keep<Value: Sendable>(_ value: Value, for key: PostgresPageAnswers.Key) {
        guard let page else { return }
        page.answers.keep(value, for: key)
        // Only what the page's transaction read: its snapshot is the one the answer belongs to.
        let (snapshot, isInTransaction) = page.state.withLock { ($0.snapshot, $0.isInTransaction) }
        if let snapshot, isInTransaction { keptAnswers.keep(value, for: key, at: snapshot) }
    }
}
#endif
