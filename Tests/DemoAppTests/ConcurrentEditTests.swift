import DemoApp
import Foundation
import GRDB
import HTTPTestSupport
import Testing
import MicroHTTP

/// 64 connections post order edits at once to a server with two worker threads: every edit the
/// server acknowledged with its 303 is the one the database keeps (no lost updates), and on
/// SQLite the integrity check passes afterwards. On PostgreSQL when the suites run against it.
@Suite struct ConcurrentEditTests {
    static let clients = 64

    @Test func sixtyFourConnectionsEditingLoseNoUpdate() async throws {
        let duration = Scale.pick(short: 5.0, long: 60.0)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        // One order per client, so each acknowledged edit has exactly one expected outcome.
        let orders = try await DemoDatabase.withStore(for: data) { store in
            var orders: [String] = []
            for client in 0..<Self.clients { orders.append(try await store.createOrder(title: "Start \(client)", cents: 100).id) }
            return orders
        }
        let acknowledged = Locked<[Int]>(Array(repeating: 0, count: Self.clients))
        let failures = Locked<[String]>([])
        try await withDemoServer(dataDirectory: data) { port in
            let deadline = Date().addingTimeInterval(duration)
            onThreads(Self.clients) { client in
                let user = UserAgent(port: port)
                let order = orders[client]
                do {
                    try user.get("/orders/order/\(order)?present=edit-order/\(order)")
                    var edit = 0
                    while Date() < deadline {
                        edit += 1
                        let saved = try user.submit(["_action": "saveOrder", "title": "Client \(client) edit \(edit)",
                                                     "amount": String(edit % 1000 + 1)])
                        guard saved.status == 303 else {
                            failures.withLock { $0.append("\(order): \(saved.status)") }
                            return
                        }
                        acknowledged.withLock { $0[client] = edit }
                        try user.get("/orders/order/\(order)?present=edit-order/\(order)")
                    }
                } catch {
                    failures.withLock { $0.append("\(order): \(error)") }
                }
            }
        }
        let rows = try await DemoDatabase.withStore(for: data) { try await $0.orders() }
        var integrity: String? = "ok"
        if !DemoDatabase.isPostgreSQL {
            integrity = try await DatabaseQueue(path: data.appendingPathComponent("demo.sqlite").path)
                .read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        }
        let stored = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, ($0.title, $0.cents)) })
        let edits = acknowledged.withLock { $0 }
        let lost = (0..<Self.clients).filter { client in
            let edit = edits[client]
            let expected = edit == 0 ? ("Start \(client)", 100) : ("Client \(client) edit \(edit)", (edit % 1000 + 1) * 100)
            return stored[orders[client]].map { $0 != expected } ?? true
        }
        for client in lost.prefix(3) { print("lost: client \(client) acknowledged \(edits[client]), stored \(String(describing: stored[orders[client]]))") }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(3) })")
        #expect(lost.isEmpty)
        #expect(integrity == "ok")
        #expect(edits.filter { $0 > 0 }.count > Self.clients / 2, "most clients got edits through")
        Figure.report("concurrent edits (\(Self.clients) connections, \(DemoDatabase.isPostgreSQL ? "PostgreSQL" : "SQLite"), \(Int(duration)) s)",
                      "\(edits.reduce(0, +)) edits acknowledged, \(lost.count) lost, integrity_check \(integrity ?? "nil")")
    }
}
