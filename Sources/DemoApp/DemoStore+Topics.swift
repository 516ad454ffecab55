import Foundation
import GRDB
import Navigation
import NavigationHTML

/// Topic versions live in the file with the data (table `topicVersion`): a write moves its
/// topics' versions in its own transaction, a page reads them in its snapshot, and the store
/// announces them once the write has committed. Other processes sharing the file are not told
/// (a page of theirs refreshes when it next opens its stream): share PostgreSQL for that.
extension DemoStore {
    /// Kept with the page's other reads (``ReadCache``) until anything is committed, so a page
    /// drawn again costs no query for them.
    public func versions(of topics: Set<Topic>) throws -> [Topic: Int] {
        let names = topics.map(\.name).sorted()
        return try cachedRead(.topicVersions(names)) { db in
            var versions: [Topic: Int] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT topic, version FROM topicVersion WHERE topic IN (\(databaseQuestionMarks(count: names.count)))",
                arguments: StatementArguments(names))
            while let row = try rows.next() { versions[Topic(row[0])] = row[1] }
            return versions
        }
    }

    public func changes() -> AsyncStream<TopicChange> {
        broadcast.subscribe()
    }

    /// Runs `body` in a write transaction; when it answers topics, their versions move in that
    /// transaction and are announced once it has committed.
    func write<Result>(_ body: (Database) throws -> (Result, changed: [Topic])) throws -> Result {
        let (result, versions) = try pool.write { db in
            let (result, changed) = try body(db)
            return (result, try Self.move(changed, in: db))
        }
        checkpointer.wrote()
        broadcast.publish(versions)
        return result
    }

    /// Each topic's next version, written in `db`'s transaction.
    private static func move(_ topics: [Topic], in db: Database) throws -> [Topic: Int] {
        var versions: [Topic: Int] = [:]
        for topic in Set(topics) {
            versions[topic] = try Int.fetchOne(
                db.cachedStatement(sql: """
                    INSERT INTO topicVersion (topic, version) VALUES (?, 1)
                    ON CONFLICT (topic) DO UPDATE SET version = version + 1 RETURNING version
                    """),
                arguments: [topic.name])
        }
        return versions
    }
}
