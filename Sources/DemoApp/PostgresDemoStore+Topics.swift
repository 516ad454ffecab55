#if PostgreSQL
import Navigation
import NavigationHTML
import PostgresNIO

/// Topic versions live in the database with the data (table `topicVersion`): a write moves its
/// topics' versions in its own transaction and notifies channel `navigation_topics`, which
/// PostgreSQL delivers to every instance's listener when (and only if) the write commits.
extension PostgresDemoStore {
    static let channel = "navigation_topics"

    /// Kept with the page's other reads, at its snapshot (`keptAnswers`): a write
    /// that moves a version moves the snapshot too.
    public func versions(of topics: Set<Topic>) async throws -> [Topic: Int] {
        let names = topics.map(\.name).sorted()
        return try await kept(.topicVersions(names)) {
            let rows = try await rows(PostgresStatements.TopicVersions(argument: names))
            return rows.reduce(into: [:]) { $0[Topic($1.0)] = $1.1 }
        }
    }

    public func changes() -> AsyncStream<TopicChange> {
        broadcast.subscribe()
    }

    /// Moves `topics`' versions in `connection`'s transaction, and notifies the listeners of
    /// every instance (this one's among them) once it commits.
    func move(_ topics: [Topic], on connection: PostgresConnection) async throws {
        guard !topics.isEmpty else { return }
        var binds = PostgresBindings()
        binds.append(Set(topics).map(\.name))
        try await connection.query(PostgresQuery(unsafeSQL: """
            WITH \(Self.moved(topicsParameter: 1, when: "true")) SELECT \(Self.notified)
            """, binds: binds), logger: logger)
    }

    /// The common table `"moved"` of a statement that writes: when `condition` holds, the
    /// versions of the topics in parameter `$topicsParameter` (an array of names), each one more
    /// (a new topic's 1), with their topics.
    static func moved(topicsParameter: Int, when condition: String) -> String {
        """
        "moved" AS (
            INSERT INTO "topicVersion" ("topic", "version")
            SELECT "name", 1 FROM unnest($\(topicsParameter)::text[]) AS "name" WHERE \(condition)
            ON CONFLICT ("topic") DO UPDATE SET "version" = "topicVersion"."version" + 1 RETURNING "topic", "version")
        """
    }

    /// The notification of what `"moved"` returned, a version and a topic per line (see
    /// `versions(in:)`), as text; null, and nothing sent, when it returned no row. Sent when the
    /// transaction commits.
    static let notified = """
        (SELECT pg_notify('\(channel)', string_agg("version" || E'\\t' || "topic", E'\\n'))::text
        FROM "moved" HAVING count(*) > 0)
        """

    /// Listens on one connection of the pool for the versions writes publish, until cancelled.
    /// Whenever it (re)starts listening, changes made while it was not may have been missed:
    /// `LiveUpdates` then reads the versions of every topic with an open stream again.
    func listen() async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        broadcast.missed()
                        for try await notification in notifications {
                            broadcast.publish(Self.versions(in: notification.payload))
                        }
                    }
                }
            } catch {
                logger.debug("listening for topic versions stopped: \(error)")
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }

    /// The versions a notification's payload lists, a version and a topic per line.
    static func versions(in payload: String) -> [Topic: Int] {
        var versions: [Topic: Int] = [:]
        for line in payload.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t"), let version = Int(line[..<tab]) else { continue }
            versions[Topic(String(line[line.index(after: tab)...]))] = version
        }
        return versions
    }
}
#endif
