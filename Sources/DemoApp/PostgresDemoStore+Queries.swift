#if PostgreSQL
import PostgresNIO

extension PostgresDemoStore {
    /// One statement whatever the number of ids, as SQLite's `json_each` one: each list is an
    /// array argument, and its ordinality names the id by position.
    public func names(users: [Int], orders: [String], categories: [String], recipes: [String]) async throws -> Demo.Names {
        var names = Demo.Names(
            users: Array(repeating: nil, count: users.count), orders: Array(repeating: false, count: orders.count),
            categories: Array(repeating: nil, count: categories.count),
            recipes: Array(repeating: nil, count: recipes.count))
        guard !(users.isEmpty && orders.isEmpty && categories.isEmpty && recipes.isEmpty) else { return names }
        let orders = orders.map(Self.storable), categories = categories.map(Self.storable)
        let recipes = recipes.map(Self.storable)
        let rows = try await rows(#"""
            SELECT 0, j.n, u."name" FROM unnest(\#(users)::bigint[]) WITH ORDINALITY j(id, n) JOIN "user" u ON u."id" = j.id
            UNION ALL SELECT 1, j.n, NULL FROM unnest(\#(orders)::text[]) WITH ORDINALITY j(id, n) JOIN "purchase" p ON p."id" = j.id
            UNION ALL SELECT 2, j.n, c."name" FROM unnest(\#(categories)::text[]) WITH ORDINALITY j(id, n) JOIN "category" c ON c."id" = j.id
            UNION ALL SELECT 3, j.n, r."name" FROM unnest(\#(recipes)::text[]) WITH ORDINALITY j(id, n) JOIN "recipe" r ON r."id" = j.id
            """#) { try $0.decode((Int32, Int, String?).self) }
        for (kind, ordinal, name) in rows {
            let index = ordinal - 1
            switch kind {
            case 0: names.users[index] = name
            case 1: names.orders[index] = true
            case 2: names.categories[index] = name
            default: names.recipes[index] = name
            }
        }
        return names
    }

    public func users() async throws -> [Demo.User] {
        try await rows(#"SELECT "id", "name", "memberSince" FROM "user" ORDER BY "id""#, Self.user)
    }

    public func user(id: Int) async throws -> Demo.User? {
        try await rows(#"SELECT "id", "name", "memberSince" FROM "user" WHERE "id" = \#(id)"#, Self.user).first
    }

    public func updateUser(id: Int, name: String) async throws -> Bool {
        try await transaction { connection in
            let changed = try await connection.query(
                #"UPDATE "user" SET "name" = \#(name) WHERE "id" = \#(id) RETURNING 1"#, logger: logger).collect().count > 0
            if changed { try await move(DemoTopic.written(user: id), on: connection) }
            return changed
        }
    }

    public func orders() async throws -> [Demo.Order] {
        try await rows(#"SELECT "id", "title", "cents", "placedOn" FROM "purchase" ORDER BY length("id"), "id" COLLATE "C""#, Self.order)
    }

    public func order(id: String) async throws -> Demo.Order? {
        guard !id.contains("\0") else { return nil }
        return try await rows(#"SELECT "id", "title", "cents", "placedOn" FROM "purchase" WHERE "id" = \#(id)"#, Self.order).first
    }

    public func updateOrder(id: String, title: String, cents: Int) async throws -> Bool {
        guard !id.contains("\0") else { return false }
        return try await transaction { connection in
            let changed = try await connection.query(#"""
                UPDATE "purchase" SET "title" = \#(title), "cents" = \#(cents) WHERE "id" = \#(id) RETURNING 1
                """#, logger: logger).collect().count > 0
            if changed { try await move(DemoTopic.written(order: id), on: connection) }
            return changed
        }
    }

    public func deleteOrder(id: String) async throws -> Bool {
        guard !id.contains("\0") else { return false }
        return try await transaction { connection in
            let deleted = try await connection.query(
                #"DELETE FROM "purchase" WHERE "id" = \#(id) RETURNING 1"#, logger: logger).collect().count > 0
            if deleted { try await move(DemoTopic.written(order: id), on: connection) }
            return deleted
        }
    }

    public func createOrder(title: String, cents: Int) async throws -> Demo.Order {
        try await createOrder(title: title, cents: cents, placedOn: Demo.Order.today(), submission: nil)
    }

    /// The sequence row's lock serializes concurrent creates across every instance: none gets
    /// a number another has, and a deleted order's number is never handed out again. Two posts
    /// of one form wait for each other on that lock too, so the second finds the first's order.
    public func createOrder(title: String, cents: Int, placedOn: String, submission: String?) async throws -> Demo.Order {
        // Text cannot hold NUL here: such an identifier matches nothing, so it is not kept.
        let submission = submission.flatMap { $0.contains("\0") ? nil : $0 }
        return try await transaction { connection in
            // Taken first: the lock orders this create after any other in flight.
            try await connection.query(#"SELECT 1 FROM "idSequence" WHERE "name" = 'order' FOR UPDATE"#, logger: logger)
            if let submission {
                let earlier = try await connection.query(#"""
                    SELECT "id", "title", "cents", "placedOn" FROM "purchase" WHERE "submission" = \#(submission)
                    """#, logger: logger).collect()
                if let row = earlier.first { return try Self.order(row) }
            }
            while true {
                let rows = try await connection.query(#"""
                    UPDATE "idSequence" SET "lastValue" = "lastValue" + 1 WHERE "name" = 'order' RETURNING "lastValue"
                    """#, logger: logger).collect()
                let number = try rows.first?.decode(Int.self) ?? 1
                let id = DemoStore.orderID(number: number)
                // Skipping taken ids keeps creation working even if a row was ever inserted by hand.
                let inserted = try await connection.query(#"""
                    INSERT INTO "purchase" ("id", "title", "cents", "placedOn", "submission")
                    VALUES (\#(id), \#(title), \#(cents), \#(placedOn), \#(submission)) ON CONFLICT ("id") DO NOTHING RETURNING 1
                    """#, logger: logger).collect()
                if !inserted.isEmpty {
                    try await move(DemoTopic.written(order: id), on: connection)
                    return Demo.Order(id: id, title: title, cents: cents, placedOn: placedOn)
                }
            }
        }
    }

    public func categories() async throws -> [Demo.Category] {
        try await rows(#"SELECT "id", "name" FROM "category" ORDER BY "position""#) { row in
            let (id, name) = try row.decode((String, String).self)
            return Demo.Category(id: id, name: name)
        }
    }

    public func category(id: String) async throws -> Demo.Category? {
        guard !id.contains("\0") else { return nil }
        return try await rows(#"SELECT "id", "name" FROM "category" WHERE "id" = \#(id)"#) { row in
            let (id, name) = try row.decode((String, String).self)
            return Demo.Category(id: id, name: name)
        }.first
    }

    public func recipes(inCategory categoryId: String) async throws -> [Demo.Recipe] {
        guard !categoryId.contains("\0") else { return [] }
        return try await recipes(#"\#(unescaped: Self.recipeSQL) WHERE r."categoryId" = \#(categoryId) ORDER BY r."position""#)
    }

    public func recipe(id: String) async throws -> Demo.Recipe? {
        guard !id.contains("\0") else { return nil }
        return try await recipes(#"\#(unescaped: Self.recipeSQL) WHERE r."id" = \#(id)"#).first
    }

    public func recipes(ids: [String]) async throws -> [Demo.Recipe] {
        guard !ids.isEmpty else { return [] }
        let ids = ids.map(Self.storable)
        return try await recipes(#"""
            \#(unescaped: Self.recipeSQL) JOIN unnest(\#(ids)::text[]) WITH ORDINALITY j(id, n) ON r."id" = j.id
            ORDER BY j.n
            """#)
    }

    public func recipeCounts() async throws -> [String: Int] {
        let rows = try await rows(#"SELECT "categoryId", count(*)::bigint FROM "recipe" GROUP BY "categoryId""#) {
            try $0.decode((String, Int).self)
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    public func recipeIds() async throws -> [String] {
        try await rows(#"""
            SELECT r."id" FROM "recipe" r JOIN "category" c ON c."id" = r."categoryId" ORDER BY c."position", r."position"
            """#) { try $0.decode(String.self) }
    }

    public func searchRecipes(_ text: String) async throws -> [Demo.Recipe] {
        guard !text.contains("\0") else { return [] }
        let pattern = DemoStore.likePattern(containing: text)
        return try await recipes(#"""
            \#(unescaped: Self.recipeSQL) WHERE lower(r."name") LIKE \#(pattern) ESCAPE '\' ORDER BY r."position"
            """#)
    }

    public func searchOrders(_ text: String) async throws -> [Demo.Order] {
        guard !text.contains("\0") else { return [] }
        let pattern = DemoStore.likePattern(containing: text)
        return try await rows(#"""
            SELECT "id", "title", "cents", "placedOn" FROM "purchase" WHERE lower("id" || ' ' || "title") LIKE \#(pattern) ESCAPE '\'
            ORDER BY length("id"), "id" COLLATE "C"
            """#, Self.order)
    }

    /// Recipes with their lists in one statement: the lists come as arrays, in their order.
    private static let recipeSQL = #"""
        SELECT r."id", r."name", r."categoryId", r."minutes", r."summary",
            ARRAY(SELECT i."name" FROM "recipeIngredient" i WHERE i."recipeId" = r."id" ORDER BY i."position"),
            ARRAY(SELECT l."relatedId" FROM "recipeRelation" l WHERE l."recipeId" = r."id" ORDER BY l."position")
        FROM "recipe" r
        """#

    private func recipes(_ query: PostgresQuery) async throws -> [Demo.Recipe] {
        try await rows(query) { row in
            let (id, name, categoryId, minutes, summary, ingredients, related) =
                try row.decode((String, String, String, Int, String, [String], [String]).self)
            return Demo.Recipe(id: id, name: name, categoryId: categoryId, minutes: minutes, summary: summary,
                               ingredients: ingredients, related: related)
        }
    }

    /// PostgreSQL's text cannot hold NUL, so no stored id has one: such an id is looked up as
    /// "", which names nothing either, instead of failing the statement.
    private static func storable(_ id: String) -> String {
        id.contains("\0") ? "" : id
    }

    private static func user(_ row: PostgresRow) throws -> Demo.User {
        let (id, name, memberSince) = try row.decode((Int, String, Int).self)
        return Demo.User(id: id, name: name, memberSince: memberSince)
    }

    private static func order(_ row: PostgresRow) throws -> Demo.Order {
        let (id, title, cents, placedOn) = try row.decode((String, String, Int, String).self)
        return Demo.Order(id: id, title: title, cents: cents, placedOn: placedOn)
    }
}
#endif
