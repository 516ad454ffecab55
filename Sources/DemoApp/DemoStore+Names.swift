import Foundation
import GRDB

extension Demo {
    /// What navigation needs to know of items: which exist, and what their screens are called.
    /// Each list answers the ids asked about, in their order: nil (or false) for an id that
    /// names nothing (any more).
    public struct Names: Sendable, Equatable {
        public var users: [String?]
        public var orders: [Bool]
        public var categories: [String?]
        public var recipes: [String?]

        public init(users: [String?] = [], orders: [Bool] = [], categories: [String?] = [], recipes: [String?] = []) {
            self.users = users
            self.orders = orders
            self.categories = categories
            self.recipes = recipes
        }
    }
}

extension DemoStore {
    /// The names of the items with these ids, from one cached statement whatever the number of
    /// ids (they travel as JSON arrays): a page's titles and its restored stacks cost the same
    /// at any depth. Ids read before on the same connection, with nothing committed since, are
    /// answered from its ``ReadCache`` without the statement.
    public func names(users: [Int], orders: [String], categories: [String], recipes: [String]) throws -> Demo.Names {
        guard !(users.isEmpty && orders.isEmpty && categories.isEmpty && recipes.isEmpty) else { return Demo.Names() }
        // In a transaction (the page's, or one of its own), so that the version and the rows
        // come from one snapshot.
        if let (reader, version) = try pageReader() {
            return try reader.cache.names(users: users, orders: orders, categories: categories, recipes: recipes,
                                          version: version) {
                try reader.queue.unsafeReentrantRead { db in
                    try Self.readNames(db, users: users, orders: orders, categories: categories, recipes: recipes)
                }
            }
        }
        return try read { db, reader in
            try reader.cache.names(users: users, orders: orders, categories: categories, recipes: recipes,
                                   version: try ReadCache.version(db)) {
                try Self.readNames(db, users: users, orders: orders, categories: categories, recipes: recipes)
            }
        }
    }

    private static func readNames(
        _ db: Database, users: [Int], orders: [String], categories: [String], recipes: [String]
    ) throws -> Demo.Names {
        let arguments: StatementArguments = [
            JSONArray.of(users), JSONArray.of(orders), JSONArray.of(categories), JSONArray.of(recipes),
        ]
        var names = Demo.Names(
            users: Array(repeating: nil, count: users.count), orders: Array(repeating: false, count: orders.count),
            categories: Array(repeating: nil, count: categories.count),
            recipes: Array(repeating: nil, count: recipes.count))
        let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.namesSQL), arguments: arguments)
        // Rows name the id by its position in its list: no id to read back, hash or compare.
        while let row = try rows.next() {
            let index: Int = row[1]
            switch row[0] as Int {
            case 0: names.users[index] = try row.exactText(atIndex: 2)
            case 1: names.orders[index] = true
            case 2: names.categories[index] = try row.exactText(atIndex: 2)
            default: names.recipes[index] = try row.exactText(atIndex: 2)
            }
        }
        return names
    }

    /// Names read as bytes, so that a NUL inside one survives (see `ExactText.swift`); `j.key`
    /// is the id's position in its array. Each id list drives the join (`CROSS JOIN` keeps it
    /// outside), so every id costs one primary-key lookup rather than the table a scan against
    /// a temporary index.
    private static let namesSQL = """
        SELECT 0, j.key, CAST(u.name AS BLOB) FROM json_each(?1) j CROSS JOIN user u ON u.id = j.value
        UNION ALL SELECT 1, j.key, NULL FROM json_each(?2) j CROSS JOIN purchase p ON p.id = j.value
        UNION ALL SELECT 2, j.key, CAST(c.name AS BLOB) FROM json_each(?3) j CROSS JOIN category c ON c.id = j.value
        UNION ALL SELECT 3, j.key, CAST(r.name AS BLOB) FROM json_each(?4) j CROSS JOIN recipe r ON r.id = j.value
        """
}
