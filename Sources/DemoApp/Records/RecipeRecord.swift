import GRDB

/// A row of table `recipe`, without its lists: ingredients and related recipes live in
/// `recipeIngredient` and `recipeRelation`, one row per item, so their order is a column
/// rather than an encoding inside a text field.
struct RecipeRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "recipe"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let categoryId = Column(CodingKeys.categoryId)
        static let minutes = Column(CodingKeys.minutes)
        static let summary = Column(CodingKeys.summary)
        static let position = Column(CodingKeys.position)
    }

    var id: String
    var name: String
    var categoryId: String
    var minutes: Int
    var summary: String
    /// Global order of recipes as in the seed; lists within a category follow it too.
    var position: Int

    func value(ingredients: [String], related: [String]) -> Demo.Recipe {
        Demo.Recipe(id: id, name: name, categoryId: categoryId, minutes: minutes, summary: summary,
                    ingredients: ingredients, related: related)
    }
}
