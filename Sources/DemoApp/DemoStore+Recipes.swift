import GRDB

extension DemoStore {
    /// All recipe categories, in the seed's order.
    public func categories() throws -> [Demo.Category] {
        try cachedRead(.categories) { db in
            try CategoryRecord.fetchAll(db, SQLRequest(sql: "SELECT * FROM category ORDER BY position", cached: true))
                .map(\.value)
        }
    }

    /// The category with this id, or nil when there is none.
    public func category(id: String) throws -> Demo.Category? {
        try cachedRead(.category(id)) { db in
            try CategoryRecord.fetchOne(db, SQLRequest(sql: "SELECT * FROM category WHERE id = ?", arguments: [id], cached: true))?
                .value
        }
    }

    /// The recipes of a category, complete with their lists, in the seed's order.
    /// Empty for an unknown category.
    public func recipes(inCategory categoryId: String) throws -> [Demo.Recipe] {
        try cachedRead(.recipesInCategory(categoryId)) { db in
            let records = try RecipeRecord.fetchAll(db, SQLRequest(
                sql: "SELECT * FROM recipe WHERE categoryId = ? ORDER BY position", arguments: [categoryId], cached: true))
            return try Self.complete(records, db)
        }
    }

    /// The recipe with this id, with its ingredients and related recipe ids in order,
    /// or nil when there is none.
    public func recipe(id: String) throws -> Demo.Recipe? {
        try cachedRead(.recipe(id)) { db in
            guard let record = try RecipeRecord.fetchOne(db, SQLRequest(
                sql: "SELECT * FROM recipe WHERE id = ?", arguments: [id], cached: true))
            else { return nil }
            return try Self.complete([record], db).first
        }
    }

    /// The recipes with these ids, complete with their lists, in the order asked; ids that name
    /// no recipe are left out. Three cached statements for any number of ids.
    public func recipes(ids: [String]) throws -> [Demo.Recipe] {
        guard !ids.isEmpty else { return [] }
        return try cachedRead(.recipes(ids)) { db in
            let records = try RecipeRecord.fetchAll(db, SQLRequest(sql: """
                SELECT r.* FROM json_each(?) j CROSS JOIN recipe r ON r.id = j.value ORDER BY j.key
                """, arguments: [JSONArray.of(ids)], cached: true))
            return try Self.complete(records, db)
        }
    }

    /// How many recipes each category holds, by category id, from one statement.
    public func recipeCounts() throws -> [String: Int] {
        try cachedRead(.recipeCounts) { db in
            var counts: [String: Int] = [:]
            let rows = try Row.fetchCursor(db.cachedStatement(
                sql: "SELECT CAST(categoryId AS BLOB), count(*) FROM recipe GROUP BY categoryId"))
            while let row = try rows.next() { counts[try row.exactText(atIndex: 0)] = row[1] }
            return counts
        }
    }

    /// Every recipe's id in list order (the categories' order, then each category's own), from
    /// one statement.
    public func recipeIds() throws -> [String] {
        try cachedRead(.recipeIds) { db in
            var ids: [String] = []
            let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT CAST(r.id AS BLOB) FROM recipe r JOIN category c ON c.id = r.categoryId
                ORDER BY c.position, r.position
                """))
            while let row = try rows.next() { ids.append(try row.exactText(atIndex: 0)) }
            return ids
        }
    }

    /// Attaches their lists to recipe rows: one cached statement for any number of recipes (the
    /// ids travel as one JSON array; both lists come in one result, told apart by its first
    /// column), rather than two per recipe. Keeps the order of `records`.
    static func complete(_ records: [RecipeRecord], _ db: Database) throws -> [Demo.Recipe] {
        var ingredients: [String: [String]] = [:]
        var related: [String: [String]] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT 0, recipeId, name, position FROM recipeIngredient
            WHERE recipeId IN (SELECT value FROM json_each(?1))
            UNION ALL
            SELECT 1, recipeId, relatedId, position FROM recipeRelation
            WHERE recipeId IN (SELECT value FROM json_each(?1))
            ORDER BY 4
            """), arguments: [JSONArray.of(records.lazy.map(\.id))])
        while let row = try rows.next() {
            if row[0] as Int == 0 {
                ingredients[row[1], default: []].append(row[2])
            } else {
                related[row[1], default: []].append(row[2])
            }
        }
        return records.map { record in
            record.value(ingredients: ingredients[record.id, default: []], related: related[record.id, default: []])
        }
    }
}
