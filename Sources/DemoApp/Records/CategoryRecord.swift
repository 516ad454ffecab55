import GRDB

/// A row of table `category`. `position` keeps the seed's order, which ids do not sort into.
struct CategoryRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "category"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let position = Column(CodingKeys.position)
    }

    var id: String
    var name: String
    var position: Int

    var value: Demo.Category { Demo.Category(id: id, name: name) }
}
