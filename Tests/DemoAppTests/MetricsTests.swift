import DemoApp
import Foundation
import HTTPTestSupport
import Logging
import MetricsTestKit
import Testing
import MicroHTTP

/// The demo's request metrics stay a handful of series however many screens are visited: they
/// are labelled by the kind of screen (tab and route case), never by the path.
@Suite struct MetricsTests {
    @Test func aThousandDistinctDeepURLsMakeFewSeries() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let metrics = TestMetrics()
        let paths = (0..<1000).map { index -> String in
            switch index % 3 {
            case 0: return "/home" + (0...(index % 9)).map { "/user/\($0 + 1)" }.joined() + "/user/\(index)"
            case 1: return "/recipes/category/desserts" + (0...(index % 6)).map { _ in "/recipe/apple-pie" }.joined() + "/recipe/r\(index)"
            default: return "/orders/order/ORD-\(String(format: "%03d", index))?present=order/ORD-\(index)"
            }
        }
        #expect(Set(paths).count == 1000)
        try await withDemoApplication(
            DemoConfiguration(
                port: 0, dataDirectory: data.path, publicDirectory: root.appendingPathComponent("Public").path,
                templatesDirectory: root.appendingPathComponent("Templates").path),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, metricsFactory: metrics
        ) { server in
            try server.start()
            let port = server.port
            try await onThreadWaitedFor {
                let client = try TestClient(port: port)
                for path in paths {
                    try client.write("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                    _ = try client.readResponse()
                }
            }
            let deadline = ContinuousClock.now + .seconds(5)
            while metrics.counters(label: "http_requests_total").reduce(0, { $0 + $1.totalValue }) < 1000,
                  ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        let series = metrics.counters(label: "http_requests_total")
        #expect(series.reduce(0) { $0 + $1.totalValue } == 1000)
        let screens = Set(series.compactMap { $0.dimensions.first { $0.0 == "screen" }?.1 })
        print("figure: metrics series for 1,000 distinct deep URLs | \(series.count) request-count series, screens \(screens.sorted())")
        #expect(series.count < 100 && metrics.timers(label: "http_request_duration_seconds").count == series.count)
        #expect(screens.allSatisfy { !$0.contains("ORD-") && !$0.contains("apple-pie") && $0.wholeMatch(of: /[A-Za-z0-9\/+:]+/) != nil },
                "no label holds an id: \(screens.sorted())")
        #expect(screens.contains("home/userDetail") && screens.contains("recipes/recipe"), "\(screens.sorted())")
    }
}

/// The demo's own endpoints: the health check answers beside the pages, on the fast path's
/// router, for GET and HEAD, and names its request.
@Suite struct HealthCheckTests {
    @Test func theHealthCheckAnswersWhileTheStoreDoes() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let health = try user.get("/healthz")
            #expect(health.status == 200 && health.html == "ok")
            #expect(health.response.header("Cache-Control") == "no-store")
            #expect(health.response.header("X-Request-Id") != nil)
            #expect(try user.get("/healthz/more").status == 404, "a page like any other")
            let client = try TestClient(port: port)
            try client.write("HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try client.readResponse(head: true)
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(try user.get("/metrics").status == 404, "metrics only with --metrics")
        }
    }
}

/// `--metrics`: Prometheus's text at `/metrics`, labelled by screen kind.
@Suite struct PrometheusEndpointTests {
    @Test func metricsAreServedInPrometheusText() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var configuration = DemoConfiguration(
            port: 0, dataDirectory: data.path, publicDirectory: root.appendingPathComponent("Public").path,
            templatesDirectory: root.appendingPathComponent("Templates").path)
        configuration.servesMetrics = true
        try await withDemoApplication(configuration, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }) { server in
            try server.start()
            let port = server.port
            try await onThreadWaitedFor {
                let user = UserAgent(port: port)
                #expect(try user.get("/orders/order/ORD-001").status == 200)
                var text = ""
                let deadline = ContinuousClock.now + .seconds(5)
                while !text.contains(#"screen="orders/orderDetail""#), ContinuousClock.now < deadline {
                    let metrics = try user.get("/metrics")
                    #expect(metrics.response.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
                    text = metrics.html
                }
                #expect(text.contains(#"http_requests_total{method="GET",status="200",screen="orders/orderDetail"} 1"#), "\(text)")
                #expect(text.contains("# TYPE http_request_duration_seconds histogram"))
                #expect(text.contains("http_requests_in_flight"))
            }
        }
    }
}
