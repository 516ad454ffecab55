import GRDB

/// A row of table `user`. The user's name is editable, so it is read byte-exact (see `ExactText.swift`).
struct UserRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "user"
    static var databaseSelection: [any SQLSelectable] { [Columns.id, Columns.name.exactText, Columns.memberSince] }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let memberSince = Column(CodingKeys.memberSince)
    }

    var id: Int
    var name: String
    var memberSince: Int

    init(id: Int, name: String, memberSince: Int) {
        self.id = id
        self.name = name
        self.memberSince = memberSince
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: Columns.id.name)
        name = try row.exactText(Columns.name)
        memberSince = try row.decode(forColumn: Columns.memberSince.name)
    }

    init(_ user: Demo.User) {
        self.init(id: user.id, name: user.name, memberSince: user.memberSince)
    }

    var value: Demo.User { Demo.User(id: id, name: name, memberSince: memberSince) }
}
