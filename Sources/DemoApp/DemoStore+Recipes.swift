import GRDB

extension DemoStore {
    /// All recipe categories, in the seed's order.
    public func categories() throws -> [Demo.Category] {
        try readStatement { db in
            try CategoryRecord.fetchAll(db, SQLRequest(sql: "SELECT * FROM category ORDER BY position", cached: true))
                .map(\.value)
        }
    }

    /// The category with this id, or nil when there is none.
    public func category(id: String) throws -> Demo.Category? {
        try readStatement { db in
            try CategoryRecord.fetchOne(db, SQLRequest(sql: "SELECT * FROM category WHERE id = ?", arguments: [id], cached: true))?
                .value
        }
    }

    /// The recipes of a category, complete with their lists, in the seed's order.
    /// Empty for an unknown category.
    public func recipes(inCategory categoryId: String) throws -> [Demo.Recipe] {
        try read { db in
            let records = try RecipeRecord.fetchAll(db, SQLRequest(
                sql: "SELECT * FROM recipe WHERE categoryId = ? ORDER BY position", arguments: [categoryId], cached: true))
            return try Self.complete(records, db)
        }
    }

    /// The recipe with this id, with its ingredients and related recipe ids in order,
    /// or nil when there is none.
    public func recipe(id: String) throws -> Demo.Recipe? {
        try read { db in
            guard let record = try RecipeRecord.fetchOne(db, SQLRequest(
                sql: "SELECT * FROM recipe WHERE id = ?", arguments: [id], cached: true))
            else { return nil }
            return try Self.complete([record], db).first
        }
    }

    /// Attaches their lists to recipe rows: two cached statements for any number of recipes (the
    /// ids travel as one JSON array), rather than two per recipe. Keeps the order of `records`.
    static func complete(_ records: [RecipeRecord], _ db: Database) throws -> [Demo.Recipe] {
        let ids: StatementArguments = [JSONArray.of(records.lazy.map(\.id))]
        func lists(_ sql: String) throws -> [String: [String]] {
            var lists: [String: [String]] = [:]
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: ids)
            while let row = try rows.next() { lists[row[0], default: []].append(row[1]) }
            return lists
        }
        let ingredients = try lists("""
            SELECT recipeId, name FROM recipeIngredient
            WHERE recipeId IN (SELECT value FROM json_each(?)) ORDER BY position
            """)
        let related = try lists("""
            SELECT recipeId, relatedId FROM recipeRelation
            WHERE recipeId IN (SELECT value FROM json_each(?)) ORDER BY position
            """)
        return records.map { record in
            record.value(ingredients: ingredients[record.id, default: []], related: related[record.id, default: []])
        }
    }
}
