import GRDB

/// A row of table `recipeRelation`: recipe `relatedId` is suggested at `position` (from 0)
/// on recipe `recipeId`'s page.
struct RecipeRelationRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "recipeRelation"

    enum Columns {
        static let recipeId = Column(CodingKeys.recipeId)
        static let relatedId = Column(CodingKeys.relatedId)
        static let position = Column(CodingKeys.position)
    }

    var recipeId: String
    var relatedId: String
    var position: Int
}
