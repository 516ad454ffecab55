import GRDB

extension DemoStore {
    /// All recipe categories, in the seed's order.
    public func categories() throws -> [Demo.Category] {
        try pool.read { db in
            try CategoryRecord.order(CategoryRecord.Columns.position).fetchAll(db).map(\.value)
        }
    }

    /// The category with this id, or nil when there is none.
    public func category(id: String) throws -> Demo.Category? {
        try pool.read { db in try CategoryRecord.fetchOne(db, key: id)?.value }
    }

    /// The recipes of a category, complete with their lists, in the seed's order.
    /// Empty for an unknown category.
    public func recipes(inCategory categoryId: String) throws -> [Demo.Recipe] {
        try pool.read { db in
            let records = try RecipeRecord
                .filter(RecipeRecord.Columns.categoryId == categoryId)
                .order(RecipeRecord.Columns.position)
                .fetchAll(db)
            return try Self.complete(records, db)
        }
    }

    /// The recipe with this id, with its ingredients and related recipe ids in order,
    /// or nil when there is none.
    public func recipe(id: String) throws -> Demo.Recipe? {
        try pool.read { db in
            guard let record = try RecipeRecord.fetchOne(db, key: id) else { return nil }
            return try Self.complete([record], db).first
        }
    }

    /// Attaches their lists to recipe rows: two queries for any number of recipes, rather
    /// than two per recipe. Keeps the order of `records`.
    static func complete(_ records: [RecipeRecord], _ db: Database) throws -> [Demo.Recipe] {
        let ids = records.map(\.id)
        let ingredients = try RecipeIngredientRecord
            .filter(ids.contains(RecipeIngredientRecord.Columns.recipeId))
            .order(RecipeIngredientRecord.Columns.position)
            .fetchAll(db)
        let relations = try RecipeRelationRecord
            .filter(ids.contains(RecipeRelationRecord.Columns.recipeId))
            .order(RecipeRelationRecord.Columns.position)
            .fetchAll(db)
        // Grouping keeps the fetched (position) order within each recipe.
        let ingredientsByRecipe = Dictionary(grouping: ingredients, by: \.recipeId)
        let relationsByRecipe = Dictionary(grouping: relations, by: \.recipeId)
        return records.map { record in
            record.value(ingredients: ingredientsByRecipe[record.id, default: []].map(\.name),
                         related: relationsByRecipe[record.id, default: []].map(\.relatedId))
        }
    }
}
