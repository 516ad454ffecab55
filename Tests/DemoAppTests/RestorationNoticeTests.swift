import DemoApp
import Foundation
import HTTPTestSupport
import Logging
import MetricsTestKit
import MicroHTTP
import Testing

/// A state that cannot be restored whole (a cookie refused, a state trimmed to fit its cookie) is
/// told three ways: one warning line in the log, a metric, and a notice to the person.
@Suite struct RestorationNoticeTests {
    @Test func aRefusedCookieAndATrimmedStateAreToldInTheLogTheMetricsAndThePage() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let metrics = TestMetrics()
        let log = LogCapture()
        let answered = Locked<[TestResponse]>([])
        try await withDemoApplication(
            DemoConfiguration(
                port: 0, dataDirectory: data.path, publicDirectory: root.appendingPathComponent("Public").path,
                templatesDirectory: root.appendingPathComponent("Templates").path),
            logger: log.logger, metricsFactory: metrics
        ) { server in
            try server.start()
            let port = server.port
            try await onThreadWaitedFor {
                let client = try TestClient(port: port)
                func get(_ path: String, cookie: String?) throws -> TestResponse {
                    try client.write("GET \(path) HTTP/1.1\r\nHost: x\r\n" + (cookie.map { "Cookie: \($0)\r\n" } ?? "") + "\r\n")
                    return try client.readResponse()
                }
                let refused = try get("/orders/order/ORD-002", cookie: "nav=1.bm90LXNpZ25lZA.c2lnbmF0dXJl")
                // A stack far deeper than 4 KB of cookie holds: the oldest screens are left out.
                let deep = "/home" + (1...400).map { "/user/\($0 % 2 == 0 ? 1 : 42)" }.joined()
                let trimmed = try get(deep, cookie: nil)
                let cookie = try #require(trimmed.header("Set-Cookie")?.split(separator: ";").first.map(String.init))
                let next = try get("/profile", cookie: cookie)
                answered.withLock { $0 = [refused, trimmed, next] }
            }
            let deadline = ContinuousClock.now + .seconds(5)
            while metrics.counters(label: "http_incidents_total").count < 2, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        let pages = answered.withLock { $0 }
        try #require(pages.count == 3)
        #expect(pages[0].status == 200)
        #expect(pages[0].text.contains("Your last screens could not be restored, so the app starts afresh."))
        #expect(pages[1].status == 200)
        #expect(pages[2].text.contains("Screens far back in your history were too many to keep"), "the next page says it")
        let incidents = metrics.counters(label: "http_incidents_total").map {
            ($0.dimensions.first { $0.0 == "incident" }?.1 ?? "", $0.totalValue)
        }
        #expect(Dictionary(uniqueKeysWithValues: incidents) == [
            "navigation_state_refused_signature": 1, "navigation_state_trimmed": 1,
        ], "\(incidents)")
        let warnings = log.logged.filter { $0.level == .warning }.map(\.message)
        #expect(warnings == ["The navigation state cookie was not restored", "The navigation state was trimmed to fit its cookie"],
                "one line each: \(warnings)")
    }
}
