import GRDB

/// A row of table `purchase`, which holds the orders.
///
/// The table is not called `order` because ORDER is an SQL keyword: every hand-written query
/// (and every `sqlite3` session) would have to quote it, and forgetting once is a syntax error.
/// The title is editable, so it is read byte-exact (see `ExactText.swift`).
struct OrderRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "purchase"
    static var databaseSelection: [any SQLSelectable] {
        [Columns.id, Columns.title.exactText, Columns.cents, Columns.placedOn]
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let cents = Column(CodingKeys.cents)
        static let placedOn = Column(CodingKeys.placedOn)
    }

    var id: String
    var title: String
    var cents: Int
    /// `YYYY-MM-DD` (migration "v2").
    var placedOn: String

    init(id: String, title: String, cents: Int, placedOn: String) {
        self.id = id
        self.title = title
        self.cents = cents
        self.placedOn = placedOn
    }

    /// Decodes by position: every request selects the columns as `databaseSelection` lists
    /// them, and looking each up by name cost more than reading it.
    init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        title = try row.exactText(atIndex: 1)
        cents = try row.decode(atIndex: 2)
        placedOn = try row.decode(atIndex: 3)
    }

    var value: Demo.Order { Demo.Order(id: id, title: title, cents: cents, placedOn: placedOn) }
}
