#if PostgreSQL
import PostgresNIO

/// The statements the PostgreSQL store prepares: postgres-nio parses and plans each once per
/// connection (on its first use there, under its type's name), and every later page sends only
/// its arguments. Unnamed queries were parsed and planned again by every page. The reads pages
/// make and the page's transaction are here; writes and searches, far rarer, stay plain queries.
enum PostgresStatements {
    /// A statement that takes no argument.
    protocol NoArguments: PostgresPreparedStatement {}

    /// A statement that takes one argument.
    protocol OneArgument: PostgresPreparedStatement {
        associatedtype Argument: PostgresNonThrowingEncodable & Sendable
        var argument: Argument { get }
    }

    /// The page's transaction: one snapshot for all its reads, as SQLite's read transaction gives.
    struct Begin: NoArguments {
        static let sql = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        func decodeRow(_ row: PostgresRow) {}
    }

    /// The snapshot a statement sees (inside the page's transaction: the transaction's), as text:
    /// two equal ones see the same rows (see `PostgresDemoStore.keptAnswers`).
    struct CurrentSnapshot: NoArguments {
        static let sql = "SELECT pg_current_snapshot()::text"
        func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
    }

    /// A read-only transaction has nothing to write: this ends its snapshot.
    struct Commit: NoArguments {
        static let sql = "COMMIT"
        func decodeRow(_ row: PostgresRow) {}
    }

    struct Users: NoArguments {
        static let sql = #"SELECT "id", "name", "memberSince" FROM "user" ORDER BY "id""#
        func decodeRow(_ row: PostgresRow) throws -> Demo.User { try PostgresStatements.user(row) }
    }

    struct UserByID: OneArgument {
        static let sql = #"SELECT "id", "name", "memberSince" FROM "user" WHERE "id" = $1"#
        let argument: Int
        func decodeRow(_ row: PostgresRow) throws -> Demo.User { try PostgresStatements.user(row) }
    }

    /// Every order in list order: the seed's (shorter ids first), then those created since.
    struct Orders: NoArguments {
        static let sql = #"SELECT "id", "title", "cents", "placedOn" FROM "purchase" ORDER BY length("id"), "id" COLLATE "C""#
        func decodeRow(_ row: PostgresRow) throws -> Demo.Order { try PostgresStatements.order(row) }
    }

    struct OrderByID: OneArgument {
        static let sql = #"SELECT "id", "title", "cents", "placedOn" FROM "purchase" WHERE "id" = $1"#
        let argument: String
        func decodeRow(_ row: PostgresRow) throws -> Demo.Order { try PostgresStatements.order(row) }
    }

    struct Categories: NoArguments {
        static let sql = #"SELECT "id", "name" FROM "category" ORDER BY "position""#
        func decodeRow(_ row: PostgresRow) throws -> Demo.Category { try PostgresStatements.category(row) }
    }

    struct CategoryByID: OneArgument {
        static let sql = #"SELECT "id", "name" FROM "category" WHERE "id" = $1"#
        let argument: String
        func decodeRow(_ row: PostgresRow) throws -> Demo.Category { try PostgresStatements.category(row) }
    }

    /// The versions of these topics (names); a topic never written has no row.
    struct TopicVersions: OneArgument {
        static let sql = #"SELECT "topic", "version" FROM "topicVersion" WHERE "topic" = ANY($1::text[])"#
        let argument: [String]
        func decodeRow(_ row: PostgresRow) throws -> (String, Int) { try row.decode((String, Int).self) }
    }

    static func user(_ row: PostgresRow) throws -> Demo.User {
        let (id, name, memberSince) = try row.decode((Int, String, Int).self)
        return Demo.User(id: id, name: name, memberSince: memberSince)
    }

    static func order(_ row: PostgresRow) throws -> Demo.Order {
        let (id, title, cents, placedOn) = try row.decode((String, String, Int, String).self)
        return Demo.Order(id: id, title: title, cents: cents, placedOn: placedOn)
    }

    static func category(_ row: PostgresRow) throws -> Demo.Category {
        let (id, name) = try row.decode((String, String).self)
        return Demo.Category(id: id, name: name)
    }
}

extension PostgresStatements.NoArguments {
    func makeBindings() -> PostgresBindings { PostgresBindings() }
}

extension PostgresStatements.OneArgument {
    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(argument)
        return bindings
    }
}
#endif
