#if PostgreSQL
import Navigation
import NavigationHTML
import PostgresNIO

/// Topic versions live in the database with the data (table `topicVersion`): a write moves its
/// topics' versions in its own transaction and notifies channel `navigation_topics`, which
/// PostgreSQL delivers to every instance's listener when (and only if) the write commits.
extension PostgresDemoStore {
    static let channel = "navigation_topics"

    /// Kept with the page's other reads, at its snapshot (``PostgresKeptAnswers``): a write
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
        var lines: [String] = []
        for topic in Set(topics) {
            let name = topic.name
            let versions = try await connection.query(#"""
                INSERT INTO "topicVersion" ("topic", "version") VALUES (\#(name), 1)
                ON CONFLICT ("topic") DO UPDATE SET "version" = "topicVersion"."version" + 1 RETURNING "version"
                """#, logger: logger).decode(Int.self)
            for try await version in versions { lines.append("\(version)\t\(name)") }
        }
        guard !lines.isEmpty else { return }
        let payload = lines.joined(separator: "\n")
        try await connection.query(#"SELECT pg_notify(\#(Self.channel), \#(payload))"#, logger: logger)
    }

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
