import Foundation
import GRDB

extension DemoStore {
    /// All orders: the seed's in their order, then new ones in creation order.
    public func orders() throws -> [Demo.Order] {
        try cachedRead(.orders) { db in try Self.orders(db, sql: Self.ordersSQL) }
    }

    /// The order with this id, or nil when there is none (or it was deleted).
    public func order(id: String) throws -> Demo.Order? {
        try cachedRead(.order(id)) { db in try Self.orders(db, sql: Self.orderSQL, arguments: [id]).first }
    }

    /// The orders a cached statement selects, one statement needing no transaction. Rows are
    /// read in place, by position: GRDB's record fetching would look each column up by name.
    private static func orders(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Demo.Order] {
        var orders: [Demo.Order] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        // A row is valid until the next step, or until the cursor ends and resets the statement.
        while let row = try rows.next() { orders.append(try OrderRecord(row: row).value) }
        return orders
    }

    /// Replaces an order's title and price; the title is stored exactly as given.
    ///
    /// - Returns: false when the order does not exist (any more); nothing is written then.
    @discardableResult
    public func updateOrder(id: String, title: String, cents: Int) throws -> Bool {
        try write { db in
            // Bytes cast to TEXT so that a NUL inside the title survives (see ExactText.swift).
            try db.cachedStatement(sql: "UPDATE purchase SET title = CAST(? AS TEXT), cents = ? WHERE id = ?")
                .execute(arguments: [Data(title.utf8), cents, id])
            let changed = db.changesCount > 0
            return (changed, changed ? DemoTopic.written(order: id) : [])
        }
    }

    /// Deletes an order. Its id is never handed out again.
    ///
    /// - Returns: false when the order did not exist (any more).
    @discardableResult
    public func deleteOrder(id: String) throws -> Bool {
        try write { db in
            let deleted = try OrderRecord.deleteOne(db, key: id)
            return (deleted, deleted ? DemoTopic.written(order: id) : [])
        }
    }

    /// Creates an order placed today with the next id: "ORD-004", "ORD-005", … ("ORD-1000" after
    /// "ORD-999").
    public func createOrder(title: String, cents: Int) throws -> Demo.Order {
        try createOrder(title: title, cents: cents, placedOn: Demo.Order.today(), submission: nil)
    }

    /// Creates an order placed on `placedOn` (`YYYY-MM-DD`) with the next id. When `submission`
    /// (the identifier a form carried) already created an order, that order comes back and
    /// nothing is written: a form posted twice creates one order.
    ///
    /// The number is taken and the order inserted in one write transaction, which SQLite
    /// serializes across every connection to the file, so concurrent creates, even from
    /// other processes, never get the same id, and two posts of one form never both insert.
    /// Numbers of deleted orders are not reused.
    public func createOrder(title: String, cents: Int, placedOn: String, submission: String?) throws -> Demo.Order {
        try write { db in
            if let submission,
               let earlier = try Self.orders(db, sql: Self.selectSQL + " WHERE submission = ?", arguments: [submission]).first {
                return (earlier, [])
            }
            var sequence = try IdSequenceRecord.fetchOne(db, key: IdSequenceRecord.order)
                ?? IdSequenceRecord(name: IdSequenceRecord.order, lastValue: 0)
            var id: String
            // Skipping taken ids keeps creation working even if a row was ever inserted by hand.
            repeat {
                sequence.lastValue += 1
                id = Self.orderID(number: sequence.lastValue)
            } while try OrderRecord.exists(db, key: id)
            try sequence.save(db)
            try db.execute(
                sql: "INSERT INTO purchase (id, title, cents, placedOn, submission) VALUES (?, CAST(? AS TEXT), ?, ?, ?)",
                arguments: [id, Data(title.utf8), cents, placedOn, submission])
            return (Demo.Order(id: id, title: title, cents: cents, placedOn: placedOn), DemoTopic.written(order: id))
        }
    }

    /// Orders' rows as `OrderRecord` reads them (its `databaseSelection`), for the cached
    /// statements; `ordersInOrder` below is the list order they sort by.
    private static let selectSQL = "SELECT id, CAST(title AS BLOB) AS title, cents, placedOn FROM purchase"
    private static let ordersSQL = selectSQL + " ORDER BY length(id), id"
    private static let orderSQL = selectSQL + " WHERE id = ?"

    /// Orders in list order. Ids sort by length first so that "ORD-1000" comes after
    /// "ORD-999"; a plain text sort would put it between "ORD-100" and "ORD-101".
    static var ordersInOrder: QueryInterfaceRequest<OrderRecord> {
        OrderRecord.order(length(OrderRecord.Columns.id), OrderRecord.Columns.id)
    }

    /// "ORD-" and the number on at least three digits.
    static func orderID(number: Int) -> String {
        let digits = String(number)
        return "ORD-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// The number in an id made by ``orderID(number:)``, or nil for any other id.
    static func orderNumber(fromID id: String) -> Int? {
        guard id.hasPrefix("ORD-") else { return nil }
        return Int(id.dropFirst(4))
    }
}
