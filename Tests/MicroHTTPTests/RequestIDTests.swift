import HTTPTestSupport
import Logging
import MicroHTTP
import Testing

/// Every answer names its request, and an unexpected error is logged in full while the client
/// learns nothing of it.
@Suite struct RequestIDTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the ledger file is locked" }
    }

    func send(_ port: Int, _ text: String, source: String? = nil) throws -> TestResponse {
        let client = try TestClient(port: port, source: source)
        try client.write(text)
        return try client.readResponse()
    }

    @Test func everyAnswerCarriesItsOwnRequestID() throws {
        let seen = Locked<[String]>([])
        let responder = Respond { request in
            seen.withLock { $0.append(request.id) }
            return .text("ok")
        }
        try withServer(responder: responder) { server in
            var ids: [String] = []
            for request in ["GET /a HTTP/1.1\r\nHost: x\r\n\r\n", "GET /b HTTP/1.1\r\nHost: x\r\n\r\n",
                            "PROPFIND / HTTP/1.1\r\nHost: x\r\n\r\n",
                            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n"] {
                let response = try send(server.port, request)
                ids.append(try #require(response.header("X-Request-Id"), "\(request)"))
            }
            #expect(Set(ids).count == 4, "\(ids)")
            #expect(seen.withLock { $0 } == Array(ids.prefix(2)), "the responder sees the id the client gets")
            #expect(ids.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{16}-[0-9a-f]+/) != nil }, "\(ids)")
            let claimed = try send(server.port, "GET / HTTP/1.1\r\nHost: x\r\nX-Request-Id: mine\r\n\r\n")
            #expect(claimed.header("X-Request-Id") != "mine", "a client that is no trusted proxy cannot name it")
        }
    }

    @Test func aTrustedProxysRequestIDIsKeptAndAMalformedOneReplaced() throws {
        var configuration = ServerConfiguration(port: 0, threads: 2)
        configuration.trustedProxies = ["127.0.0.1"]
        try withServer(configuration, responder: Respond { request in .text(request.id) }) { server in
            let kept = try send(server.port, "GET / HTTP/1.1\r\nHost: x\r\nX-Request-Id: 0f1e2d3c4b5a69788796a5b4c3d2e1f0\r\n\r\n")
            #expect(kept.text == "0f1e2d3c4b5a69788796a5b4c3d2e1f0" && kept.header("X-Request-Id") == kept.text)
            let hostile = try send(server.port, "GET / HTTP/1.1\r\nHost: x\r\nX-Request-Id: a b<script>\r\n\r\n")
            #expect(hostile.text != "a b<script>" && !hostile.text.isEmpty)
        }
    }

    @Test func anUnexpectedErrorIsLoggedInFullAndTheClientSeesOnlyA500() throws {
        let log = LogCapture()
        let responder = Respond { request in
            if request.path == "/http500" { throw HTTPError(.internalServerError, "navigation/list: There is no template") }
            request.logger.info("about to fail")
            throw Broken()
        }
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 2), responder: responder, logger: log.logger)
        try server.start()
        defer { server.shutdown(timeout: 1) }
        let response = try send(server.port, "GET /ledger HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.status == 500 && response.text == "Internal Server Error")
        let id = try #require(response.header("X-Request-Id"))
        let lines = log.logged
        let app = try #require(lines.first { $0.message == "about to fail" })
        #expect(app.metadata["request_id"] == .string(id), "the app's own line names the request")
        let error = try #require(lines.first { $0.level == .error })
        #expect(error.message.contains("RequestIDTests.Broken") && error.message.contains("the ledger file is locked"), "\(error.message)")
        #expect(error.metadata["request_id"] == .string(id))
        #expect(error.metadata["method"] == "GET" && error.metadata["path"] == "/ledger")

        let serverError = try send(server.port, "GET /http500 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(serverError.status == 500 && serverError.text == "Internal Server Error", "a 500's own message stays in the log")
        #expect(log.logged.contains { $0.level == .error && $0.message.contains("There is no template") })
    }
}
