import DemoApp
import Foundation
import GRDB
import HTTPTestSupport
import Testing

/// 64 connections post order edits at once to a server with two worker threads: every edit the
/// server acknowledged with its 303 is the one the database keeps (no lost updates), and SQLite's
/// integrity check passes afterwards.
@Suite struct ConcurrentEditTests {
    static let clients = 64

    @Test func sixtyFourConnectionsEditingLoseNoUpdate() async throws {
        let duration = Scale.pick(short: 5.0, long: 60.0)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let database = data.appendingPathComponent("demo.sqlite").path
        // One order per client, so each acknowledged edit has exactly one expected outcome.
        let orders = try {
            let store = try DemoStore(path: database)
            return try (0..<Self.clients).map { try store.createOrder(title: "Start \($0)", cents: 100).id }
        }()
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
        let queue = try DatabaseQueue(path: database)
        let (rows, integrity) = try queue.read { db in
            (try Row.fetchAll(db, sql: "SELECT id, title, cents FROM purchase"),
             try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        let stored = Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as String, ($0["title"] as String, $0["cents"] as Int)) })
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
        Figure.report("concurrent edits (\(Self.clients) connections, 2 workers, \(Int(duration)) s)",
                      "\(edits.reduce(0, +)) edits acknowledged, \(lost.count) lost, integrity_check \(integrity ?? "nil")")
    }
}
