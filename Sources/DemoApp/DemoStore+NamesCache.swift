import Synchronization

extension DemoStore {
    /// The names one read connection has read, and the ids it found nothing for, kept while the
    /// database's `data_version` stays what it was when they were read.
    ///
    /// SQLite changes a connection's `data_version` whenever another connection commits (the
    /// store's writer, another store or process on the file), and a read connection never
    /// writes itself: an unchanged version means that nothing was committed since, so what
    /// the cache says is what the query would say. A page asks for its titles inside its read
    /// transaction, where the version and the rows come from the same snapshot. Each
    /// connection has a cache of its own, as versions of different connections do not compare.
    ///
    /// Contracts: answers only when every id asked about is known at the version given; any
    /// other version empties it; it holds at most ``limit`` ids, then starts afresh.
    final class NamesCache: Sendable {
        static let limit = 4096

        private struct Entries {
            var version: Int64 = .min
            var users: [Int: String?] = [:]
            var orders: [String: Bool] = [:]
            var categories: [String: String?] = [:]
            var recipes: [String: String?] = [:]

            var count: Int { users.count + orders.count + categories.count + recipes.count }
        }

        private let entries = Mutex(Entries())

        /// The names of these ids at `version`, or nil when any of them is not known then.
        func names(
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
        func remember(
            _ names: Demo.Names, users: [Int], orders: [String], categories: [String], recipes: [String],
            version: Int64
        ) {
            entries.withLock { entries in
                if entries.version != version || entries.count > Self.limit { entries = Entries(version: version) }
                for (id, name) in zip(users, names.users) { entries.users[id] = name }
                for (id, exists) in zip(orders, names.orders) { entries.orders[id] = exists }
                for (id, name) in zip(categories, names.categories) { entries.categories[id] = name }
                for (id, name) in zip(recipes, names.recipes) { entries.recipes[id] = name }
            }
        }
    }
}
