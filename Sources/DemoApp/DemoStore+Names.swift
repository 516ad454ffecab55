import Foundation
import GRDB

extension Demo {
    /// What navigation needs to know of items: which exist, and what their screens are called.
    /// An id that is not here names nothing (any more).
    public struct Names: Sendable, Equatable {
        public var users: [Int: String] = [:]
        public var orders: Set<String> = []
        public var categories: [String: String] = [:]
        public var recipes: [String: String] = [:]

        public init() {}
    }
}

extension DemoStore {
    /// The names of the items among these ids that exist, from one cached statement whatever the
    /// number of ids (they travel as JSON arrays): a page's titles and its restored stacks cost
    /// the same at any depth. One statement needs no transaction to be consistent.
    public func names(users: Set<Int>, orders: Set<String>, categories: Set<String>, recipes: Set<String>) throws -> Demo.Names {
        let arguments: StatementArguments = [
            JSONText.array(users.map(String.init)), JSONText.array(orders.map(JSONText.string)),
            JSONText.array(categories.map(JSONText.string)), JSONText.array(recipes.map(JSONText.string)),
        ]
        return try readStatement { db in
            var names = Demo.Names()
            let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.namesSQL), arguments: arguments)
            while let row = try rows.next() {
                let id: String = row[1]
                let name = String(decoding: row[2] as Data? ?? Data(), as: UTF8.self)
                switch row[0] as Int {
                case 0: if let userId = Int(id) { names.users[userId] = name }
                case 1: names.orders.insert(id)
                case 2: names.categories[id] = name
                default: names.recipes[id] = name
                }
            }
            return names
        }
    }

    /// Names read as bytes, so that a NUL inside one survives (see `ExactText.swift`).
    /// Each id list drives the join (`CROSS JOIN` keeps it outside), so every id costs one
    /// primary-key lookup rather than the table a scan against a temporary index.
    private static let namesSQL = """
        SELECT 0, CAST(u.id AS TEXT), CAST(u.name AS BLOB) FROM json_each(?1) j CROSS JOIN user u ON u.id = j.value
        UNION ALL SELECT 1, p.id, NULL FROM json_each(?2) j CROSS JOIN purchase p ON p.id = j.value
        UNION ALL SELECT 2, c.id, CAST(c.name AS BLOB) FROM json_each(?3) j CROSS JOIN category c ON c.id = j.value
        UNION ALL SELECT 3, r.id, CAST(r.name AS BLOB) FROM json_each(?4) j CROSS JOIN recipe r ON r.id = j.value
        """
}

/// JSON text for statement arguments that `json_each` reads.
enum JSONText {
    static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259 §7).
    static func string(_ text: String) -> String {
        // Ids are plain text nearly always: quoted as they are, without a walk per scalar.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var json = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\u{00}"..."\u{1F}": json += String(format: "\\u%04X", scalar.value)
            default: json.unicodeScalars.append(scalar)
            }
        }
        return json + "\""
    }
}
