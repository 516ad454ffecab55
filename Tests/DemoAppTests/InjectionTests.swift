import Foundation
import HTTPTestSupport
import Testing

/// Header injection, open redirects, and refused posts that must leave the database untouched.
@Suite struct InjectionTests {
    static let hostile = ["%0d%0aSet-Cookie:%20evil=1", "%0aX-Injected:%201", "%00", "%E2%80%A8x", "%C3%A9t%C3%A9",
                          "%0d%0a%0d%0a<html>", "..%2f..%2f", "%2F%2Fevil.example", "%5Cevil.example"]

    @Test func noSegmentOrFieldAddsAHeaderAndEveryLocationIsALocalPath() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            var checked = 0, injected = 0, foreign = 0
            func isLocal(_ location: String) -> Bool {
                location.hasPrefix("/") && !location.hasPrefix("//") && !location.contains("\\")
            }
            for segment in Self.hostile {
                for path in ["/home/order/\(segment)", "/orders/order/\(segment)?present=order/\(segment)",
                             "/find?q=\(segment)", "/\(segment)", "/recipes?columns=\(segment)"] {
                    let page = try user.get(path)
                    checked += 1
                    #expect(page.status < 500, "\(path)")
                    let cookies = page.response.values("Set-Cookie")
                    if page.response.header("X-Injected") != nil || cookies.count > 1 || cookies.contains(where: { $0.contains("evil") }) {
                        injected += 1
                    }
                    if let location = page.response.header("Location"), !isLocal(location) { foreign += 1 }
                }
            }
            let sheet = try user.get("/orders/order/ORD-001?present=edit-order/ORD-001")
            let saved = try user.post(try #require(sheet.formAction), [
                "_token": try #require(sheet.formToken), "_action": "saveOrder", "title": "A\r\nX-Injected: 1", "amount": "5"])
            #expect(saved.status == 422 && saved.response.header("X-Injected") == nil)
            let root = try user.get("/")
            let location = try #require(root.response.header("Location"))
            #expect(isLocal(location))
            #expect(injected == 0 && foreign == 0)
            Figure.report("header injection and redirects (\(checked + 2) responses)",
                          "\(injected) with an extra header, \(foreign) Location not a local path")
        }
    }

    @Test func refusedPostsLeaveTheDatabaseByteIdentical() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try await withDemoServer(dataDirectory: data) { port in
            let user = UserAgent(port: port)
            let dialog = try user.get("/orders/order/ORD-001?present=delete-order/ORD-001")
            let action = try #require(dialog.formAction)
            let token = try #require(dialog.formToken)
            let database = DemoDatabase.url(for: data)
            func files() throws -> [Data] {
                if let database { return [try DemoDatabase.dump(database)] }
                return try ["demo.sqlite", "demo.sqlite-wal"].map { try Data(contentsOf: data.appendingPathComponent($0)) }
            }
            let before = try files()
            let refused = [
                try user.post(action, ["_action": "deleteOrder"]),
                try user.post(action, ["_token": token, "_action": "deleteOrder"], headers: ["Sec-Fetch-Site": "cross-site"]),
                try user.post(action, ["_token": token, "_action": "deleteOrder"], headers: ["Origin": "https://evil.example"]),
                try UserAgent(port: port).post(action, ["_token": token, "_action": "deleteOrder"]),
            ]
            let forbidden = refused.filter { $0.status == 403 }.count
            let identical = try files() == before
            #expect(forbidden == refused.count)
            #expect(identical, "not a byte of the database changed")
            Figure.report("CSRF (\(refused.count) forged posts)",
                          "\(forbidden) refused with 403, database \(identical ? "byte-identical" : "CHANGED")")
        }
    }
}
