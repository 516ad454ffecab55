import GRDB

extension DemoStore {
    /// Recipes whose name contains `text`, ignoring case, in the seed's order.
    ///
    /// `text` is literal: `%`, `_` and `\` match only themselves. An empty text matches all.
    public func searchRecipes(_ text: String) throws -> [Demo.Recipe] {
        let pattern = Self.likePattern(containing: text)
        return try read { db in
            let records = try RecipeRecord
                .filter(RecipeRecord.Columns.name.lowercased.like(pattern, escape: Self.likeEscape))
                .order(RecipeRecord.Columns.position)
                .fetchAll(db)
            return try Self.complete(records, db)
        }
    }

    /// Orders whose "id title" (e.g. "ORD-001 Electronics") contains `text`, ignoring case,
    /// in list order. Matching on the joined text lets "001 elec" find ORD-001, as the
    /// in-memory search did.
    ///
    /// `text` is literal: `%`, `_` and `\` match only themselves. An empty text matches all.
    /// A title is searched up to its first NUL character, if it has one.
    public func searchOrders(_ text: String) throws -> [Demo.Order] {
        let pattern = Self.likePattern(containing: text)
        let columns = OrderRecord.Columns.self
        let haystack = [columns.id.sqlExpression, " ".sqlExpression, columns.title.sqlExpression]
            .joined(operator: .concat)
        return try readStatement { db in
            try Self.ordersInOrder
                .filter(haystack.lowercased.like(pattern, escape: Self.likeEscape))
                .fetchAll(db)
                .map(\.value)
        }
    }

    /// The escape character of ``likePattern(containing:)``.
    static let likeEscape = "\\"

    /// A LIKE pattern that matches any text containing `text`, with LIKE's wildcards and the
    /// escape character in `text` escaped so they match literally.
    ///
    /// Both sides are lowercased with Swift's `lowercased()` (GRDB's `.lowercased` runs the
    /// same function in SQL), because LIKE alone only ignores the case of ASCII letters.
    /// Escaping goes scalar by scalar: a `%` followed by a combining mark is one Character,
    /// and escaping by Character would miss it.
    static func likePattern(containing text: String) -> String {
        var pattern = String.UnicodeScalarView()
        pattern.append("%")
        for scalar in text.lowercased().unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" {
                pattern.append("\\")
            }
            pattern.append(scalar)
        }
        pattern.append("%")
        return String(pattern)
    }
}
