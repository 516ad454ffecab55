import Foundation
import MicroHTTP
import NavigationTesting
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `Server.inProcessResponse` shares with the server on the wire, beyond the shelf app's
/// pages: the request deadline, file bodies and unsafe header fields.
@Suite struct PipelineTests {
    /// Waits far past the deadline on `/slow`, answers with a file on `/file`, and with a header
    /// field no server may send on `/unsafe`.
    struct Responder: HTTPResponder {
        let file: String

        func respond(to request: Request) async throws -> Response {
            switch request.path {
            case "/slow":
                try await Task.sleep(for: .seconds(30))
                return .text("too late")
            case "/file":
                let descriptor = open(file, O_RDONLY)
                return Response(headers: HTTPHeaders([("Content-Type", "text/plain")]), body: .file(descriptor: descriptor, size: 5))
            default:
                return Response(headers: HTTPHeaders([("X-Fine", "yes"), ("X-Forged", "a\r\nSet-Cookie: evil=1")]),
                                body: .bytes(Array("unsafe".utf8)))
            }
        }
    }

    func server() throws -> Server {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kit-\(UUID().uuidString).txt").path
        try Data("hello, file".utf8).write(to: URL(fileURLWithPath: file))
        var configuration = ServerConfiguration(port: 0, threads: 2)
        configuration.requestDeadline = .milliseconds(300)
        return Server(configuration: configuration, responder: Responder(file: file))
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aResponderPastTheDeadlineGives503(transport: TestTransport) async throws {
        try await server().test(transport) { browser in
            // The responder would answer 200 after 30 s: a 503 is the deadline's answer. (No bound on
            // the time taken: a busy test run can hold the concurrency pool for seconds.)
            let late = try await browser.get("/slow")
            #expect(late.status == 503 && late.text != "too late")
            #expect(late.header("Retry-After") == "1")
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func fileBodiesAndUnsafeFieldsAreSentAsOnTheWire(transport: TestTransport) async throws {
        try await server().test(transport) { browser in
            let file = try await browser.get("/file")
            #expect(file.status == 200 && file.text == "hello")
            let unsafe = try await browser.get("/unsafe")
            #expect(unsafe.header("X-Fine") == "yes")
            #expect(unsafe.header("X-Forged") == nil && browser.cookies["evil"] == nil)
        }
    }

    /// The browser connects when it starts; a test that is slow to send its first request (a
    /// busy machine) finds that connection closed by the server's idle timeout, and the request
    /// goes out again on a new one, as browsers do, rather than failing as unanswered.
    @Test func aConnectionTheServerClosedWhileIdleIsReplaced() async throws {
        var configuration = ServerConfiguration(port: 0, threads: 2)
        configuration.connectionTimeout = 1
        let server = Server(configuration: configuration, responder: Responder(file: "/dev/null"))
        try await server.test(.live) { browser in
            try await Task.sleep(for: .milliseconds(2500))
            #expect(try await browser.get("/unsafe").header("X-Fine") == "yes")
            try await Task.sleep(for: .milliseconds(2500))
            #expect(try await browser.get("/unsafe").header("X-Fine") == "yes", "and so is a kept-alive one")
        }
    }
}
