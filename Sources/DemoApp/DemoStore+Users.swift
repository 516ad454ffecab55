import Foundation
import GRDB

extension DemoStore {
    /// All users, by id.
    public func users() throws -> [Demo.User] {
        try pool.read { db in
            try UserRecord.order(UserRecord.Columns.id).fetchAll(db).map(\.value)
        }
    }

    /// The user with this id, or nil when there is none.
    public func user(id: Int) throws -> Demo.User? {
        try pool.read { db in try UserRecord.fetchOne(db, key: id)?.value }
    }

    /// Renames a user; the name is stored exactly as given.
    ///
    /// - Returns: false when no user has this id (nothing is written).
    @discardableResult
    public func updateUser(id: Int, name: String) throws -> Bool {
        try pool.write { db in
            // Bytes cast to TEXT so that a NUL inside the name survives (see ExactText.swift).
            try db.execute(sql: "UPDATE user SET name = CAST(? AS TEXT) WHERE id = ?",
                           arguments: [Data(name.utf8), id])
            return db.changesCount > 0
        }
    }
}
