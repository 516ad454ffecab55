import DemoApp
import Foundation
import HTTPTestSupport
import Logging
import MicroHTTP
import Testing

/// Screens that refresh themselves: an order edited in one window reaches the others that show
/// it (through the store: SQLite in process, PostgreSQL across instances), and no other.
@Suite struct LiveUpdateTests {
    @Test func anEditInOneWindowRefreshesTheListAndTheOpenSheetInAnother() async throws {
        try await withDemoServer { port in
            let watcher = UserAgent(port: port)
            let sheet = try watcher.get("/orders?present=order/ORD-002")
            #expect(sheet.presentation?.style == "sheet")
            let stream = try openStream(of: sheet, port: port)
            let editor = UserAgent(port: port)
            try save(order: "ORD-002", title: "Hardbacks", as: editor)
            let events = try stream.read(until: "0\r\n\r\n")
            #expect(events.contains("event: refresh\ndata: \n\n"))
            // What the watcher's page fetches then: the list and the sheet both show the edit.
            let again = try watcher.get("/orders?present=order/ORD-002")
            #expect(again.html.components(separatedBy: "Hardbacks").count - 1 >= 2)
        }
    }

    @Test func theWindowThatSavedLandsOnAPageWithNothingToRefresh() async throws {
        try await withDemoServer { port in
            let editor = UserAgent(port: port)
            let landed = try editor.get(try save(order: "ORD-002", title: "Hardbacks", as: editor))
            let stream = try openStream(of: landed, port: port)
            #expect(!stream.hasInput(within: .milliseconds(300)), "a refresh for the window's own change")
        }
    }

    @Test func anotherOrdersEditDoesNotRefreshAnOrdersScreen() async throws {
        try await withDemoServer { port in
            // On Home's stack the order stands alone (no list beside it, as the Orders tab's
            // split view draws).
            let detail = try UserAgent(port: port).get("/home/orders/order/ORD-001")
            let stream = try openStream(of: detail, port: port)
            try save(order: "ORD-002", title: "Hardbacks", as: UserAgent(port: port))
            #expect(!stream.hasInput(within: .milliseconds(300)))
            try save(order: "ORD-001", title: "Gift", as: UserAgent(port: port))
            #expect(try stream.read(until: "0\r\n\r\n").contains("event: refresh"))
        }
    }

    @Test func anOrderCreatedThroughTheAPIRefreshesTheList() async throws {
        try await withDemoServer { port in
            let list = try UserAgent(port: port).get("/orders")
            let stream = try openStream(of: list, port: port)
            let body = #"{"item":"Lamp","amount":12.5}"#
            let api = try TestClient(port: port)
            try api.write("POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(try api.readResponse().status == 201)
            #expect(try stream.read(until: "0\r\n\r\n").contains("event: refresh"))
        }
    }

    /// SQLite tells its own process only; PostgreSQL every instance that listens.
    @Test(.enabled(if: DemoDatabase.isPostgreSQL, "instances share their changes through PostgreSQL"))
    func aChangeThroughOneInstanceRefreshesAPageOfAnother() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("a secret both instances share\n".utf8).write(to: data.appendingPathComponent("secret"))
        let database = try await DemoDatabase.database(for: data)
        try await withInstance(data, database) { a in
            try await withInstance(data, database) { b in
                try await onThreadWaitedFor {
                    let page = try UserAgent(port: b.port).get("/orders")
                    let stream = try openStream(of: page, port: b.port)
                    try save(order: "ORD-003", title: "Across", as: UserAgent(port: a.port))
                    #expect(try stream.read(until: "0\r\n\r\n").contains("event: refresh"))
                }
            }
        }
    }
}

/// Opens the update stream `page` names, as the page's script does, and reads its head.
private func openStream(of page: UserAgent.Page, port: Int) throws -> TestClient {
    let url = try #require(page.html.firstMatch(of: #/<meta name="navigation-updates" content="([^"]*)">/#)?.output.1)
    let client = try TestClient(port: port)
    try client.write("GET \(unescape(String(url))) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    let head = try client.readHead()
    #expect(head.status == 200)
    #expect(head.header("Content-Type") == "text/event-stream")
    #expect(try client.read(until: "\n\n").contains("retry: "))
    return client
}

/// Saves `order`'s edit sheet with a new title, as `user`; where the answer leads.
@discardableResult
private func save(order: String, title: String, as user: UserAgent) throws -> String {
    let sheet = try user.get("/orders/order/\(order)?present=edit-order/\(order)")
    let saved = try user.post(try #require(sheet.formAction), [
        "_token": try #require(sheet.formToken), "_action": "saveOrder", "title": title, "amount": "10"])
    #expect(saved.status == 303)
    return try #require(saved.response.header("Location"))
}

/// A demo instance on `data`'s secret and `database`, started on a free port, for `body`.
private func withInstance(_ data: URL, _ database: DatabaseURL?, _ body: (Server) async throws -> Void) async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    try await withDemoApplication(
        DemoConfiguration(
            port: 0, dataDirectory: data.path,
            publicDirectory: root.appendingPathComponent("Public").path,
            templatesDirectory: root.appendingPathComponent("Templates").path, database: database),
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    ) { server in
        try server.start()
        try await body(server)
    }
}
