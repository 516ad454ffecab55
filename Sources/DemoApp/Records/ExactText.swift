import Foundation
import GRDB

// GRDB binds and reads Swift strings as NUL-terminated C strings, so a title holding "\0" would
// be cut short silently. Text the user can edit therefore travels as UTF-8 bytes: writes bind a
// blob and `CAST(? AS TEXT)` it (see `DemoStore.updateOrder`), reads select the column
// `CAST(… AS BLOB)` and decode the bytes. The column still stores TEXT, so plain SQL and
// `LIKE` keep working.

extension Column {
    /// Selects this TEXT column as its full UTF-8 bytes, under its own name.
    var exactText: SQLSelection { cast(self, as: .blob).forKey(name) }
}

extension Row {
    /// The text of a column selected with `Column.exactText`, every byte kept.
    ///
    /// - Throws: When the column is missing or NULL, like GRDB's own decoding.
    func exactText(_ column: Column) throws -> String {
        let bytes = try decode(Data.self, forColumn: column.name)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of the column at `index`, selected as `CAST(… AS BLOB)`, every byte kept.
    ///
    /// - Throws: When the column is NULL, like GRDB's own decoding.
    func exactText(atIndex index: Int) throws -> String {
        String(decoding: try decode(Data.self, atIndex: index), as: UTF8.self)
    }
}
