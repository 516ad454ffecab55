import HTTPTestSupport
import MicroHTTP
import Testing

/// Middleware: around every answer, on the fast path too, in the order given; one that refuses
/// answers itself.
@Suite struct MiddlewareTests {
    /// Refuses every request without `X-Key: open`, before the responder it wraps.
    struct Gate: HTTPMiddleware {
        func reply(to request: Request, next: any HTTPResponder) throws -> Reply {
            guard request.headers["X-Key"] == "open" else { throw HTTPError(.forbidden, "No key.") }
            return try next.reply(to: request)
        }
    }

    /// Names itself last in `X-Trail`, after the ones it wraps.
    struct Trail: HTTPMiddleware {
        let name: String
        func reply(to request: Request, next: any HTTPResponder) throws -> Reply {
            try Reply.transforming(try next.reply(to: request)) { [name] outcome in
                var response = try outcome.get()
                response.headers.replace("X-Trail", (response.headers["X-Trail"].map { $0 + "," } ?? "") + name)
                return response
            }
        }
    }

    /// Answers at once (`.ready`), as a file would.
    struct AtOnce: HTTPResponder {
        func respond(to request: Request) async throws -> Response { .text("page") }
        func reply(to request: Request) throws -> Reply { .ready(.text("page")) }
    }

    @Test func wrapsInOrderAndKeepsTheFastPath() async throws {
        let responder = Trail(name: "outer").wrapping(Trail(name: "inner").wrapping(
            AddingHeaders([("X-Instance", "web-2")]).wrapping(AtOnce())))
        let request = Request(method: .get, path: "/")
        guard case .ready(let response) = try responder.reply(to: request) else {
            Issue.record("an answer at hand stays on the fast path")
            return
        }
        #expect(response.headers["X-Trail"] == "inner,outer" && response.headers["X-Instance"] == "web-2")
        #expect(try await responder.respond(to: request).headers["X-Trail"] == "inner,outer")
    }

    @Test func aMiddlewareAnswersItselfThroughARealServer() throws {
        let responder = AddingHeaders([("X-Instance", "web-2")]).wrapping(Gate().wrapping(AtOnce()))
        try withServer(responder: responder) { server in
            let refused = try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(refused.status == 403 && refused.header("X-Instance") == "web-2", "an HTTPError's answer gets the header too")
            let open = try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\nX-Key: open\r\n\r\n")
            #expect(open.status == 200 && open.text == "page")
        }
    }
}
