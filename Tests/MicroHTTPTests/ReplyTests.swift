import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

/// A responder with both paths, answering differently on each, so the answer says which ran.
private struct TwoPaths: HTTPResponder {
    let calls = (replies: CallCounter(), responses: CallCounter())
    /// Whether the server must call the immediate path outside any task (a test calling it
    /// directly runs in one).
    var checksTask = true
    /// What the immediate path does with each request: a response, nil, or an error.
    let immediate: @Sendable (Request) throws -> Response?

    func reply(to request: Request) throws -> Reply {
        // The fast path is for answers that need no task: the server must not have made one.
        let inTask = withUnsafeCurrentTask { $0 != nil }
        guard !(checksTask && inTask) else { return .ready(.text("reply asked inside a task", status: .internalServerError)) }
        calls.replies.increment()
        if let response = try immediate(request) { return .ready(response) }
        return .pending { try await respond(to: request) }
    }

    func respond(to request: Request) async throws -> Response {
        calls.responses.increment()
        return .text("later")
    }
}

private struct Failure: Error, CustomStringConvertible {
    var description: String { "secret detail" }
}

@Suite struct ReplyTests {
    @Test func anImmediateAnswerIsSentWithoutATaskAndRespondIsNotCalled() throws {
        let responder = TwoPaths { request in request.path == "/now" ? .text("now") : nil }
        try withServer(responder: responder) { server in
            let now = try exchange(server, "GET /now HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(now.status == 200)
            #expect(now.text == "now")
            #expect(responder.calls.responses.value == 0)

            let later = try exchange(server, "GET /other HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(later.text == "later", "nil from the immediate path hands the request to respond(to:)")
            #expect(responder.calls.responses.value == 1)
        }
    }

    @Test func errorsFromTheImmediatePathAreAnsweredAsRespondsAre() throws {
        let responder = TwoPaths { request in
            if request.path == "/gone" { throw HTTPError(.forbidden, "Not for you.") }
            throw Failure()
        }
        try withServer(responder: responder) { server in
            let gone = try exchange(server, "GET /gone HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(gone.status == 403)
            #expect(gone.text.contains("Not for you."))
            let failed = try exchange(server, "GET /fails HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(failed.status == 500)
            #expect(!failed.text.contains("secret detail"))
            #expect(responder.calls.responses.value == 0)
        }
    }

    @Test func aFileResponderAnswersFilesAtOnceAndAsksItsFallbackForTheRest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("immediate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "p { }".write(to: root.appendingPathComponent("site.css"), atomically: true, encoding: .utf8)
        let fallback = TwoPaths(checksTask: false) { request in request.path == "/cached" ? .text("cached") : nil }
        let files = FileResponder(root: root.path, fallback: fallback)

        let css = try #require(try files.reply(to: Request(method: .get, path: "/site.css")).readyResponse)
        #expect(css.status == .ok)
        #expect(try files.reply(to: Request(method: .get, path: "/cached")).readyResponse?.status == .ok)
        #expect(try files.reply(to: Request(method: .get, path: "/page")).readyResponse == nil)
        #expect(try files.reply(to: Request(method: .post, path: "/site.css")).readyResponse == nil,
                "only GET and HEAD are files")
        try withServer(responder: files) { server in
            let file = try exchange(server, "GET /site.css HTTP/1.1\r\nHost: x\r\n\r\n")
            let cached = try exchange(server, "GET /cached HTTP/1.1\r\nHost: x\r\n\r\n")
            let page = try exchange(server, "GET /page HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(file.text == "p { }")
            #expect(cached.text == "cached")
            #expect(page.text == "later")
            #expect(fallback.calls.responses.value == 1)
        }
    }

    @Test func aRequestWalksTheResponderChainOnceOnTheWireAndInProcess() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reply-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let leaf = TwoPaths(checksTask: false) { request in request.path == "/now" ? .text("now") : nil }
        var router = Router(fallback: leaf)
        router.on(.get, "/healthz") { _, _ in .text("ok") }
        let chain = HeaderAddingResponder(next: FileResponder(root: root.path, fallback: router), fields: [("X-Chain", "1")])
        try withServer(responder: chain) { server in
            let now = try exchange(server, "GET /now HTTP/1.1\r\nHost: x\r\n\r\n")
            let later = try exchange(server, "GET /later HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(now.text == "now")
            #expect(later.text == "later")
            #expect(later.header("X-Chain") == "1")
        }
        #expect(leaf.calls.replies.value == 2, "one reply asked per request, whichever way it is answered")
        #expect(leaf.calls.responses.value == 1)

        let server = Server(configuration: ServerConfiguration(port: 0), responder: chain)
        let inProcess = await server.inProcessResponse(to: Request(method: .get, path: "/later"))
        #expect(inProcess.bodyBytes == Array("later".utf8))
        #expect(inProcess.headers["X-Chain"] == "1")
        #expect(leaf.calls.replies.value == 3, "the test kit's path asks the chain once too")
        #expect(leaf.calls.responses.value == 2)
    }
}
