import Foundation
import GRDB

extension DemoStore {
    /// All users, by id.
    public func users() throws -> [Demo.User] {
        try cachedRead(.users) { db in
            try UserRecord.fetchAll(db, SQLRequest(sql: Self.userSQL + " ORDER BY id", cached: true)).map(\.value)
        }
    }

    /// The user with this id, or nil when there is none.
    public func user(id: Int) throws -> Demo.User? {
        try cachedRead(.user(id)) { db in
            try UserRecord.fetchOne(db, SQLRequest(sql: Self.userSQL + " WHERE id = ?", arguments: [id], cached: true))?.value
        }
    }

    /// Renames a user; the name is stored exactly as given.
    ///
    /// - Returns: false when no user has this id (nothing is written).
    @discardableResult
    public func updateUser(id: Int, name: String) throws -> Bool {
        try write { db in
            // Bytes cast to TEXT so that a NUL inside the name survives (see ExactText.swift).
            try db.execute(sql: "UPDATE user SET name = CAST(? AS TEXT) WHERE id = ?",
                           arguments: [Data(name.utf8), id])
            let changed = db.changesCount > 0
            return (changed, changed ? DemoTopic.written(user: id) : [])
        }
    }

    /// Users' rows as `UserRecord` reads them. Reads are single cached statements: no SQL to
    /// generate and parse each time, and one statement needs no transaction to be consistent.
    private static let userSQL = "SELECT id, CAST(name AS BLOB) AS name, memberSince FROM user"
}
