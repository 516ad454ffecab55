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
                var names = Demo.Names()
                names.users.reserveCapacity(users.count)
                for id in users {
                    guard let name = entries.users[id] else { return nil }
                    names.users.append(name)
                }
                names.orders.reserveCapacity(orders.count)
                for id in orders {
                    guard let exists = entries.orders[id] else { return nil }
                    names.orders.append(exists)
                }
                names.categories.reserveCapacity(categories.count)
                for id in categories {
                    guard let name = entries.categories[id] else { return nil }
                    names.categories.append(name)
                }
                names.recipes.reserveCapacity(recipes.count)
                for id in recipes {
                    guard let name = entries.recipes[id] else { return nil }
                    names.recipes.append(name)
                }
                return names
            }
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
