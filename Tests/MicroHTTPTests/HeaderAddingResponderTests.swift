import HTTPTestSupport
import MicroHTTP
import Testing

/// Answers "/now" at once, "/missing" with an HTTPError, "/broken" with another error, the rest later.
private struct Paths: HTTPResponder {
    struct Broken: Error {}

    func reply(to request: Request) throws -> Reply {
        request.path == "/now" ? .ready(.text("now")) : .pending { try await respond(to: request) }
    }

    func respond(to request: Request) async throws -> Response {
        switch request.path {
        case "/missing": throw HTTPError(.notFound, "No such thing.")
        case "/broken": throw Broken()
        default: return .text("later")
        }
    }
}

@Suite struct HeaderAddingResponderTests {
    @Test func everyAnswerCarriesTheFieldsButAnUnknownErrorsBare500() throws {
        let responder = HeaderAddingResponder(next: Paths(), fields: [("X-Instance", "web-2")])
        try withServer(responder: responder) { server in
            for (path, status) in [("/now", 200), ("/later", 200), ("/missing", 404)] {
                let response = try exchange(server, "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(response.status == status, "\(path)")
                #expect(response.header("X-Instance") == "web-2", "\(path)")
            }
            let broken = try exchange(server, "GET /broken HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(broken.status == 500)
            #expect(broken.header("X-Instance") == nil)
        }
    }
}
