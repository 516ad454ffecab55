import GRDB

/// A row of table `recipeIngredient`: the ingredient at `position` (from 0) in a recipe's list.
struct RecipeIngredientRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "recipeIngredient"

    enum Columns {
        static let recipeId = Column(CodingKeys.recipeId)
        static let position = Column(CodingKeys.position)
        static let name = Column(CodingKeys.name)
    }

    var recipeId: String
    var position: Int
    var name: String
}
