#if PostgreSQL
import Navigation
import PostgresNIO

/// The writes, each of which moves the topics it changes (see PostgresDemoStore+Topics.swift).
/// An edit or a deletion is one statement (``changing(_:topics:)``); a create, which must wait for
/// the order numbers' lock, is a transaction. Plain queries: a write is rare beside the reads, so
/// it is not worth a prepared statement on every connection of the pool.
extension PostgresDemoStore {
    public func updateUser(id: Int, name: String) async throws -> Bool {
        try await changing(#"UPDATE "user" SET "name" = \#(name) WHERE "id" = \#(id) RETURNING 1"#,
                           topics: DemoTopic.written(user: id))
    }

    public func updateOrder(id: String, title: String, cents: Int) async throws -> Bool {
        guard !id.contains("\0") else { return false }
        return try await changing(#"""
            UPDATE "purchase" SET "title" = \#(title), "cents" = \#(cents) WHERE "id" = \#(id) RETURNING 1
            """#, topics: DemoTopic.written(order: id))
    }

    public func deleteOrder(id: String) async throws -> Bool {
        guard !id.contains("\0") else { return false }
        return try await changing(#"DELETE FROM "purchase" WHERE "id" = \#(id) RETURNING 1"#,
                                  topics: DemoTopic.written(order: id))
    }

    /// Runs `change` (an `UPDATE` or `DELETE … RETURNING 1`) and, when it changed a row, moves
    /// `topics`' versions and notifies every instance's listener, in one statement: atomic as a
    /// transaction, in one round trip instead of one for each part and for `BEGIN` and `COMMIT`,
    /// so the rows stay locked for the statement alone (a transaction held them while its parts
    /// went back and forth). Returns whether a row changed.
    func changing(_ change: PostgresQuery, topics: [Topic]) async throws -> Bool {
        var binds = change.binds
        binds.append(Set(topics).map(\.name))
        let query = PostgresQuery(unsafeSQL: """
            WITH "changed" AS (\(change.sql)), \(Self.moved(topicsParameter: binds.count, when: #"EXISTS (SELECT FROM "changed")"#))
            SELECT EXISTS (SELECT FROM "changed"), \(Self.notified)
            """, binds: binds)
        try checkReachable()
        return try await translatingErrors {
            var changed = false
            for try await (row, _) in try await client.query(query, logger: logger).decode((Bool, String?).self) {
                changed = row
            }
            return changed
        }
    }

    public func createOrder(title: String, cents: Int) async throws -> Demo.Order {
        try await createOrder(title: title, cents: cents, placedOn: Demo.Order.today(), submission: nil)
    }

    /// The sequence row's lock serializes concurrent creates across every instance: none gets
    /// a number another has, and a deleted order's number is never handed out again. Two posts
    /// of one form wait for each other on that lock too, so the second finds the first's order.
    public func createOrder(title: String, cents: Int, placedOn: String, submission: String?) async throws -> Demo.Order {
        // Text cannot hold NUL here: such an identifier matches nothing, so it is not kept.
        let submission = submission.flatMap { $0.contains("\0") ? nil : $0 }
        return try await transaction { connection in
            // Taken first: the lock orders this create after any other in flight.
            try await connection.query(#"SELECT 1 FROM "idSequence" WHERE "name" = 'order' FOR UPDATE"#, logger: logger)
            if let submission {
                let earlier = try await connection.query(#"""
                    SELECT "id", "title", "cents", "placedOn" FROM "purchase" WHERE "submission" = \#(submission)
                    """#, logger: logger).collect()
                if let row = earlier.first { return try PostgresStatements.order(row) }
            }
            while true {
                let rows = try await connection.query(#"""
                    UPDATE "idSequence" SET "lastValue" = "lastValue" + 1 WHERE "name" = 'order' RETURNING "lastValue"
                    """#, logger: logger).collect()
                let number = try rows.first?.decode(Int.self) ?? 1
                let id = DemoStore.orderID(number: number)
                // Skipping taken ids keeps creation working even if a row was ever inserted by hand.
                let inserted = try await connection.query(#"""
                    INSERT INTO "purchase" ("id", "title", "cents", "placedOn", "submission")
                    VALUES (\#(id), \#(title), \#(cents), \#(placedOn), \#(submission)) ON CONFLICT ("id") DO NOTHING RETURNING 1
                    """#, logger: logger).collect()
                if !inserted.isEmpty {
                    try await move(DemoTopic.written(order: id), on: connection)
                    return Demo.Order(id: id, title: title, cents: cents, placedOn: placedOn)
                }
            }
        }
    }
}
#endif
