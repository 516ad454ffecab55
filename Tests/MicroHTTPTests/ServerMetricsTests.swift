import HTTPTestSupport
import MetricsTestKit
import MicroHTTP
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Requests counted and timed by method, status and the responder's bounded `screen` name,
/// never by path; in-flight and waiting requests as meters.
@Suite struct ServerMetricsTests {
    static func router() -> Router {
        var router = Router(fallback: Respond { request in .text("page", status: request.path == "/gone" ? .notFound : .ok) })
        router.on(.get, "/healthz") { _, _ in .text("ok") }
        router.on(.get, "/api/orders/{id}") { _, _ in
            try await Task.sleep(for: .milliseconds(2))
            return .text("order")
        }
        return router
    }

    @Test func requestsAreCountedByRouteNotByPath() throws {
        let metrics = TestMetrics()
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 2), responder: Self.router(),
                            metricsFactory: metrics)
        try server.start()
        defer { server.shutdown(timeout: 1) }
        let client = try TestClient(port: server.port)
        for index in 0..<200 {
            try client.write("GET /api/orders/ORD-\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        for path in ["/healthz", "/healthz", "/gone", "/elsewhere"] {
            try client.write("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try client.readResponse()
        }
        try client.write("PROPFIND / HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try client.readResponse()
        // The last request is counted once its answer has left (libmicrohttpd's completion).
        let deadline = ContinuousClock.now + .seconds(5)
        while metrics.counters(label: "http_requests_total").reduce(0, { $0 + $1.totalValue }) < 205, ContinuousClock.now < deadline {
            usleep(1_000)
        }
        func count(_ method: String, _ status: String, _ screen: String) throws -> Int64 {
            try metrics.expectCounter("http_requests_total", [("method", method), ("status", status), ("screen", screen)]).totalValue
        }
        #expect(try count("GET", "200", "/api/orders/{id}") == 200, "200 orders, one series")
        #expect(try count("GET", "200", "/healthz") == 2)
        #expect(try count("GET", "404", "other") == 1 && (try count("GET", "200", "other")) == 1)
        #expect(try count("other", "405", "other") == 1, "an unknown method is not a label of its own")
        #expect(metrics.counters(label: "http_requests_total").count == 5)
        let timer = try metrics.expectTimer("http_request_duration_seconds", [("method", "GET"), ("status", "200"), ("screen", "/api/orders/{id}")])
        #expect(timer.values.count == 200 && timer.values.allSatisfy { $0 >= 2_000_000 }, "each at least the handler's 2 ms")
        let inFlight = try metrics.expectMeter("http_requests_in_flight")
        #expect(inFlight.values.contains(1) && inFlight.lastValue == 0)
        let waiting = try metrics.expectMeter("http_requests_waiting")
        #expect(waiting.values.contains(1) && waiting.lastValue == 0, "the order handler waited, the others did not")
    }
}
