#if PostgreSQL
import PostgresNIO

/// The reads, each a prepared statement (see ``PostgresStatements``), kept for the rest of the
/// page that makes them (see ``PostgresPageAnswers``).
extension PostgresDemoStore {
    /// One statement whatever the number of ids, as SQLite's `json_each` one, which reads users,
    /// orders and categories whole (see ``PostgresStatements/Items``): inside a page they are
    /// kept, and the screen that shows one of them reads it from there, without a statement.
    public func names(users: [Int], orders: [String], categories: [String], recipes: [String]) async throws -> Demo.Names {
        // As the SQLite store: asking for nothing reads nothing (a page that shows no titles).
        guard !(users.isEmpty && orders.isEmpty && categories.isEmpty && recipes.isEmpty) else { return Demo.Names() }
        return try await kept(.names(users: users, orders: orders, categories: categories, recipes: recipes)) {
            try await readNames(users: users, orders: orders, categories: categories, recipes: recipes)
        }
    }

    private func readNames(users: [Int], orders: [String], categories: [String], recipes: [String]) async throws -> Demo.Names {
        var names = Demo.Names(
            users: Array(repeating: nil, count: users.count), orders: Array(repeating: false, count: orders.count),
            categories: Array(repeating: nil, count: categories.count),
            recipes: Array(repeating: nil, count: recipes.count))
        guard !(users.isEmpty && orders.isEmpty && categories.isEmpty && recipes.isEmpty) else { return names }
        let rows = try await rows(PostgresStatements.Items(
            users: users, orders: orders.map(Self.storable), categories: categories.map(Self.storable),
            recipes: recipes.map(Self.storable)))
        var items = PageItems()
        for row in rows {
            let index = row.position - 1
            switch row.kind {
            case 0:
                names.users[index] = row.name
                items.users[users[index]] = Demo.User(id: users[index], name: row.name, memberSince: row.number ?? 0)
            case 1:
                names.orders[index] = true
                items.orders[orders[index]] = Demo.Order(
                    id: orders[index], title: row.name, cents: row.number ?? 0, placedOn: row.text ?? "")
            case 2:
                names.categories[index] = row.name
                items.categories[categories[index]] = Demo.Category(id: categories[index], name: row.name)
            default:
                names.recipes[index] = row.name
            }
        }
        // An id without a row names nothing in this snapshot: its screen answers 404 at once.
        for id in users { keep(items.users[id], for: .user(id)) }
        for id in orders { keep(items.orders[id], for: .order(id)) }
        for id in categories { keep(items.categories[id], for: .category(id)) }
        return names
    }

    /// The items `names` read, by id.
    private struct PageItems {
        var users: [Int: Demo.User] = [:]
        var orders: [String: Demo.Order] = [:]
        var categories: [String: Demo.Category] = [:]
    }

    public func users() async throws -> [Demo.User] {
        try await kept(.users) { try await rows(PostgresStatements.Users()) }
    }

    public func user(id: Int) async throws -> Demo.User? {
        try await kept(.user(id)) { try await rows(PostgresStatements.UserByID(argument: id)).first }
    }

    public func orders() async throws -> [Demo.Order] {
        try await kept(.orders) { try await rows(PostgresStatements.Orders()) }
    }

    public func order(id: String) async throws -> Demo.Order? {
        guard !id.contains("\0") else { return nil }
        return try await kept(.order(id)) { try await rows(PostgresStatements.OrderByID(argument: id)).first }
    }

    public func categories() async throws -> [Demo.Category] {
        try await kept(.categories) { try await rows(PostgresStatements.Categories()) }
    }

    public func category(id: String) async throws -> Demo.Category? {
        guard !id.contains("\0") else { return nil }
        return try await kept(.category(id)) { try await rows(PostgresStatements.CategoryByID(argument: id)).first }
    }

    public func recipes(inCategory categoryId: String) async throws -> [Demo.Recipe] {
        guard !categoryId.contains("\0") else { return [] }
        return try await kept(.recipesInCategory(categoryId)) {
            try await rows(PostgresStatements.RecipesInCategory(argument: categoryId))
        }
    }

    /// With the recipes it lists as related, kept for the page as `recipes(ids:)` of its
    /// `related` would answer them: its screen shows them next.
    public func recipe(id: String) async throws -> Demo.Recipe? {
        guard !id.contains("\0") else { return nil }
        return try await kept(.recipe(id)) {
            let rows = try await rows(PostgresStatements.RecipeWithRelated(argument: id))
            guard let first = rows.first, !first.isRelated else { return nil }
            keep(rows.dropFirst().map(\.recipe), for: .recipes(first.recipe.related))
            return first.recipe
        }
    }

    public func recipes(ids: [String]) async throws -> [Demo.Recipe] {
        guard !ids.isEmpty else { return [] }
        return try await kept(.recipes(ids)) {
            try await rows(PostgresStatements.RecipesByIDs(argument: ids.map(Self.storable)))
        }
    }

    public func recipeCounts() async throws -> [String: Int] {
        try await kept(.recipeCounts) {
            Dictionary(try await rows(PostgresStatements.RecipeCounts()), uniquingKeysWith: { first, _ in first })
        }
    }

    public func recipeIds() async throws -> [String] {
        try await kept(.recipeIds) { try await rows(PostgresStatements.RecipeIDs()) }
    }

    /// Not kept nor prepared: the text is anyone's, and a page searches once.
    public func searchRecipes(_ text: String) async throws -> [Demo.Recipe] {
        guard !text.contains("\0") else { return [] }
        let pattern = DemoStore.likePattern(containing: text)
        return try await rows(#"""
            \#(unescaped: PostgresStatements.recipeSQL) WHERE lower(r."name") LIKE \#(pattern) ESCAPE '\' ORDER BY r."position"
            """#, PostgresStatements.recipe)
    }

    public func searchOrders(_ text: String) async throws -> [Demo.Order] {
        guard !text.contains("\0") else { return [] }
        let pattern = DemoStore.likePattern(containing: text)
        return try await rows(#"""
            SELECT "id", "title", "cents", "placedOn" FROM "purchase" WHERE lower("id" || ' ' || "title") LIKE \#(pattern) ESCAPE '\'
            ORDER BY length("id"), "id" COLLATE "C"
            """#, PostgresStatements.order)
    }

    /// PostgreSQL's text cannot hold NUL, so no stored id has one: such an id is looked up as
    /// "", which names nothing either, instead of failing the statement.
    private static func storable(_ id: String) -> String {
        id.contains("\0") ? "" : id
    }
}
#endif
