import GRDB

extension Demo {
    /// What navigation needs to know of items: which exist, and what their screens are called.
    /// An id that is not here names nothing (any more).
    public struct Names: Sendable, Equatable {
        public var users: [Int: String] = [:]
        public var orders: Set<String> = []
        public var categories: [String: String] = [:]
        public var recipes: [String: String] = [:]

        public init() {}
    }
}

extension DemoStore {
    /// The names of the items among these ids that exist, in one read transaction with a query
    /// per kind asked for: a page's titles and its restored stacks cost the same whatever their
    /// depth. Loads no recipe lists.
    public func names(users: Set<Int>, orders: Set<String>, categories: Set<String>, recipes: Set<String>) throws -> Demo.Names {
        try pool.read { db in
            var names = Demo.Names()
            if !users.isEmpty {
                for user in try UserRecord.fetchAll(db, keys: users) { names.users[user.id] = user.name }
            }
            if !orders.isEmpty {
                names.orders = Set(try String.fetchAll(db, OrderRecord.select(OrderRecord.Columns.id).filter(keys: orders)))
            }
            if !categories.isEmpty {
                for category in try CategoryRecord.fetchAll(db, keys: categories) { names.categories[category.id] = category.name }
            }
            if !recipes.isEmpty {
                let rows = try Row.fetchAll(db, RecipeRecord.select(RecipeRecord.Columns.id, RecipeRecord.Columns.name).filter(keys: recipes))
                for row in rows { names.recipes[row[0]] = row[1] }
            }
            return names
        }
    }
}
