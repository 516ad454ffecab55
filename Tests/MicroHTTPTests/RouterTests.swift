import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

/// An app's own endpoints beside its pages, through a real server: methods, patterns, bodies of
/// any type, JSON answers, the cross-site rule, and the fast path.
@Suite struct RouterTests {
    struct Order: Codable, Equatable {
        let item: String
        let amount: Double
    }

    static func router() -> Router {
        var router = Router(fallback: Respond { request in .text("page \(request.path)") })
        router.on(.get, "/healthz") { _, _ in .text("ok") }
        router.on(.get, "/api/orders/{id}") { _, context in
            try await Task.sleep(for: .milliseconds(1))
            guard context.parameters["id"] == "ORD-001" else {
                throw HTTPError(.notFound, "There is no order \(context.parameters["id"] ?? "").")
            }
            return try .json(Order(item: "Pie", amount: 4.5))
        }
        router.on(.post, "/api/orders") { request, context in
            guard request.headers["Content-Type"] == "application/json" else {
                throw HTTPError(.unsupportedMediaType, "Send JSON.")
            }
            let order = try JSONDecoder().decode(Order.self, from: Data(request.body))
            var response = try Response.json(order, status: .created)
            response.headers.add("X-Route", context.route)
            return response
        }
        router.on(.delete, "/api/orders/{id}/notes/{note}") { _, context in
            .text("\(context.parameters["id"]!) \(context.parameters["note"]!)")
        }
        return router
    }

    func send(_ server: Server, _ text: String) throws -> TestResponse {
        let client = try TestClient(port: server.port)
        try client.write(text)
        return try client.readResponse(head: text.hasPrefix("HEAD"))
    }

    @Test func routesMatchTheirMethodAndPatternAndTheRestGoesToThePages() throws {
        try withServer(responder: Self.router()) { server in
            #expect(try send(server, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").text == "ok")
            let order = try send(server, "GET /api/orders/ORD-001 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(order.status == 200 && order.header("Content-Type") == "application/json")
            #expect(order.text == #"{"amount":4.5,"item":"Pie"}"#)
            let missing = try send(server, "GET /api/orders/ORD-404 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(missing.status == 404 && missing.text == #"{"error":"There is no order ORD-404."}"#)
            let notes = try send(server, "DELETE /api/orders/7/notes/a%20b HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(notes.text == "7 a b", "parameters are percent-decoded")
            #expect(try send(server, "GET /api/orders/ HTTP/1.1\r\nHost: x\r\n\r\n").text == "page /api/orders/")
            #expect(try send(server, "GET /healthz/more HTTP/1.1\r\nHost: x\r\n\r\n").text == "page /healthz/more")
            #expect(try send(server, "GET /orders HTTP/1.1\r\nHost: x\r\n\r\n").text == "page /orders")
            let head = try send(server, "HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(head.status == 200 && head.body.isEmpty, "HEAD through the GET route")
        }
    }

    /// The router rules routes out by the path's first segment (its length and first 8 bytes)
    /// before matching: segments alike in both, a parameter first, and the order of routes.
    @Test func routesAreToldApartPastTheirFirstSegmentsFirstBytes() throws {
        var router = Router(fallback: Respond { request in .text("page \(request.path)") })
        router.on(.get, "/{tenant}/status") { _, context in .text("status of \(context.parameters["tenant"]!)") }
        router.on(.get, "/reports-2026-a/{id}") { _, context in .text("a \(context.parameters["id"]!)") }
        router.on(.get, "/reports-2026-b/{id}") { _, context in .text("b \(context.parameters["id"]!)") }
        router.on(.get, "/reports-2026-b") { _, _ in .text("b list") }
        router.on(.get, "/reports/status") { _, _ in .text("never: the parameter's route comes first") }
        router.on(.get, "/") { _, _ in .text("root") }
        router.on(.get, "/é") { _, _ in .text("accent") }
        try withServer(responder: router) { server in
            let expected = [
                "/reports-2026-a/7": "a 7", "/reports-2026-b/7": "b 7", "/reports-2026-b": "b list",
                "/reports-2026-c/7": "page /reports-2026-c/7", "/reports-2026-a": "page /reports-2026-a",
                "/reports-2026-ab/7": "page /reports-2026-ab/7", "/reports-2026/7": "page /reports-2026/7",
                "/reports/status": "status of reports", "/acme/status": "status of acme", "/": "root",
                "/%C3%A9": "accent", "//": "page //", "/r": "page /r",
            ]
            for (path, text) in expected.sorted(by: { $0.key < $1.key }) {
                let response = try send(server, "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(response.text == text, "\(path)")
            }
        }
    }

    @Test func aPathServedForOtherMethodsIs405WithAllow() throws {
        try withServer(responder: Self.router()) { server in
            let wrong = try send(server, "PUT /api/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            #expect(wrong.status == 405 && wrong.header("Allow") == "POST")
            #expect(wrong.text.hasPrefix(#"{"error":"PUT is not served at /api/orders"#))
            #expect(try send(server, "POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n").header("Allow") == "GET, HEAD")
        }
    }

    @Test func aJSONBodyReachesItsHandlerAndAnOversizedOneDoesNot() throws {
        var configuration = ServerConfiguration(port: 0, threads: 2)
        configuration.maxBodySize = 1024
        try withServer(configuration, responder: Self.router()) { server in
            let body = #"{"item":"Tart","amount":12}"#
            let created = try send(server, "POST /api/orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(created.status == 201 && created.text == #"{"amount":12,"item":"Tart"}"#)
            #expect(created.header("X-Route") == "/api/orders")
            let text = try send(server, "POST /api/orders HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 4\r\n\r\nitem")
            #expect(text.status == 415 && text.text == #"{"error":"Send JSON."}"#)
            let large = String(repeating: "x", count: 2048)
            let tooLarge = try send(server, "POST /api/orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2048\r\n\r\n\(large)")
            #expect(tooLarge.status == 413)
        }
    }

    @Test func anotherSitesUnsafeRequestIsRefusedBeforeItsHandler() throws {
        try withServer(responder: Self.router()) { server in
            let body = #"{"item":"Tart","amount":12}"#
            for header in ["Origin: http://evil.example", "Sec-Fetch-Site: cross-site"] {
                let refused = try send(server, "POST /api/orders HTTP/1.1\r\nHost: x\r\n\(header)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                #expect(refused.status == 403 && refused.text.hasPrefix(#"{"error":"#), "\(header)")
            }
            let same = try send(server, "POST /api/orders HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(same.status == 201)
            #expect(try send(server, "GET /healthz HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: cross-site\r\n\r\n").status == 200,
                    "a safe request from anywhere")
        }
    }

    @Test func routesThatAnswerAtOnceTakeTheFastPath() throws {
        let router = Self.router()
        #expect(try router.reply(to: Request(method: .get, path: "/healthz")).readyResponse?.bodyBytes == Array("ok".utf8))
        #expect(try router.reply(to: Request(method: .get, path: "/api/orders/ORD-001")).readyResponse == nil, "a handler that waits")
        #expect(try router.reply(to: Request(method: .get, path: "/orders")).readyResponse == nil, "the fallback's own answer")
    }
}
