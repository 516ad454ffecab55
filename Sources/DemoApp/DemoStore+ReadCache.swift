import GRDB
import MicroHTTP

extension DemoStore {
    /// What one read connection has read (the names of ids, and whole answers such as a list of
    /// orders or a recipe), kept while the database's `data_version` stays what it was when they
    /// were read.
    ///
    /// SQLite changes a connection's `data_version` whenever another connection commits (the
    /// store's writer, another store or process on the file), and a read connection never
    /// writes itself: an unchanged version means that nothing was committed since, so what
    /// the cache says is what the query would say. Version and rows are read in one transaction
    /// (the page's, or one of the read's own), so they come from the same snapshot. Each
    /// connection has a cache of its own, as versions of different connections do not compare.
    ///
    /// Contracts: answers only what was read at the version given; any other version empties it;
    /// it holds at most ``limit`` names and ``limit`` answers, then starts afresh.
    final class ReadCache: Sendable {
        /// The reads whose answers are kept (searches are not: their text is anyone's).
        enum Key: Hashable, Sendable {
            case users, user(Int), orders, order(String)
            case categories, category(String), recipesInCategory(String), recipe(String), recipes([String])
            case recipeCounts, recipeIds
            /// The versions of these topics (sorted names).
            case topicVersions([String])
            /// The names of these ids, in this order (the PostgreSQL store's; this cache keeps
            /// names by id instead).
            case names(users: [Int], orders: [String], categories: [String], recipes: [String])
        }

        static let limit = 4096

        private struct Entries {
            var version: Int64 = .min
            var users: [Int: String?] = [:]
            var orders: [String: Bool] = [:]
            var categories: [String: String?] = [:]
            var recipes: [String: String?] = [:]

            var count: Int { users.count + orders.count + categories.count + recipes.count }
        }

        /// The names, and the whole answers: each part checks the version on its own.
        private let entries = Locked(Entries())
        private let answers = KeptAnswers<Int64>()
        /// The version the page's transaction read as it began; nil between pages.
        private let currentPageVersion = Locked<Int64?>(nil)

        /// The page's transaction has begun, and saw `version`; nil: it ended.
        func setPageVersion(_ version: Int64?) {
            currentPageVersion.withLock { $0 = version }
        }

        /// The version of the page in progress on this connection, if one is.
        var pageVersion: Int64? { currentPageVersion.withLock { $0 } }

        /// The database's version as the transaction `db` is in sees it.
        static func version(_ db: Database) throws -> Int64 {
            try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? .min
        }

        /// The answer for `key` at `version`: the one kept, else `read`'s, then kept.
        func answer<Value: Sendable>(_ key: Key, version: Int64, read: () throws -> Value) rethrows -> Value {
            if let answer = answers.answer(key, as: Value.self, at: version) { return answer }
            let answer = try read()
            answers.keep(answer, for: key, at: version)
            return answer
        }

        /// The names of these ids at `version`: those kept, else `read`'s, then kept.
        func names(
            users: [Int], orders: [String], categories: [String], recipes: [String], version: Int64,
            read: () throws -> Demo.Names
        ) rethrows -> Demo.Names {
            if let names = names(users: users, orders: orders, categories: categories, recipes: recipes, version: version) {
                return names
            }
            let names = try read()
            remember(names, users: users, orders: orders, categories: categories, recipes: recipes, version: version)
            return names
        }

        /// The names of these ids at `version`, or nil when any of them is not known then.
        private func names(
            users: [Int], orders: [String], categories: [String], recipes: [String], version: Int64
        ) -> Demo.Names? {
            entries.withLock { entries -> Demo.Names? in
                guard entries.version == version else {
                    entries = Entries(version: version)
                    return nil
                }
                guard let users = Self.lookUp(users, in: entries.users),
                      let orders = Self.lookUp(orders, in: entries.orders),
                      let categories = Self.lookUp(categories, in: entries.categories),
                      let recipes = Self.lookUp(recipes, in: entries.recipes)
                else { return nil }
                return Demo.Names(users: users, orders: orders, categories: categories, recipes: recipes)
            }
        }

        /// The values of `ids` in order, or nil when one of them is not in `known`.
        private static func lookUp<Key, Value>(_ ids: [Key], in known: [Key: Value]) -> [Value]? {
            var values: [Value] = []
            values.reserveCapacity(ids.count)
            for id in ids {
                guard let value = known[id] else { return nil }
                values.append(value)
            }
            return values
        }

        /// Keeps what was read at `version`, by position as `names` answers the ids.
        private func remember(
            _ names: Demo.Names, users: [Int], orders: [String], categories: [String], recipes: [String],
            version: Int64
        ) {
            entries.withLock { entries in
                if entries.version != version { entries = Entries(version: version) }
                if entries.count > Self.limit {
                    (entries.users, entries.orders, entries.categories, entries.recipes) = ([:], [:], [:], [:])
                }
                for (id, name) in zip(users, names.users) { entries.users[id] = name }
                for (id, exists) in zip(orders, names.orders) { entries.orders[id] = exists }
                for (id, name) in zip(categories, names.categories) { entries.categories[id] = name }
                for (id, name) in zip(recipes, names.recipes) { entries.recipes[id] = name }
            }
        }
    }
}
