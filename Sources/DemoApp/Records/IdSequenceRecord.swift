import GRDB

/// A row of table `idSequence`: the last number handed out for a kind of id.
///
/// Order ids come from here rather than from the largest existing id so that a deleted
/// order's id is never handed out again: a bookmark or a state cookie that still names
/// `ORD-004` must not silently show a different order.
struct IdSequenceRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "idSequence"
    /// The `name` of the sequence behind order ids.
    static let order = "order"

    enum Columns {
        static let name = Column(CodingKeys.name)
        static let lastValue = Column(CodingKeys.lastValue)
    }

    var name: String
    var lastValue: Int
}
