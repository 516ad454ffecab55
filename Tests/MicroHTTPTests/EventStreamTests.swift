import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

/// A responder that answers `/events` with a stream it hands to the test, anything else at once.
private struct Streams: HTTPResponder {
    let opened: @Sendable (EventStream) -> Void

    func respond(to request: Request) async throws -> Response {
        guard request.path == "/events" else { return .text("page") }
        let stream = EventStream(retry: .milliseconds(2500))
        opened(stream)
        return .events(stream)
    }
}

/// The streams a server opened, in order.
private final class Opened: Sendable {
    private let streams = Locked<[EventStream]>([])
    func add(_ stream: EventStream) { streams.withLock { $0.append(stream) } }
    var all: [EventStream] { streams.withLock { $0 } }

    /// The `index`th stream once it has opened.
    func stream(_ index: Int) async throws -> EventStream {
        for _ in 0..<500 {
            let all = self.all
            if all.count > index { return all[index] }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CancellationError()
    }
}

private let streamRequest = "GET /events HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n"

@Suite struct EventStreamTests {
    @Test func eventsArriveAsTheyAreSentWhileTheOnlyWorkerServesOthers() async throws {
        let opened = Opened()
        var configuration = ServerConfiguration(port: 0, threads: 1)
        configuration.eventStreamHeartbeat = .seconds(60)
        let server = Server(configuration: configuration, responder: Streams(opened: opened.add))
        try server.start()
        defer { server.shutdown(timeout: 1) }
        let client = try TestClient(port: server.port)
        try client.write(streamRequest)
        let head = try client.readHead()
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "text/event-stream")
        #expect(head.header("Cache-Control") == "no-store")
        #expect(head.header("X-Accel-Buffering") == "no")
        #expect(head.header("Transfer-Encoding") == "chunked")
        #expect(try client.read(until: "retry: 2500\n\n").contains("retry: 2500\n\n"))
        // The stream waits suspended: the server's one worker answers another connection.
        #expect(try exchange(server, "GET /page HTTP/1.1\r\nHost: t\r\n\r\n").text == "page")
        let stream = try await opened.stream(0)
        #expect(stream.send(event: "refresh", data: "a\nb", id: "7"))
        #expect(try client.read(until: "data: b\n\n").contains("event: refresh\nid: 7\ndata: a\ndata: b\n\n"))
        let ended = Locked(false)
        stream.onTermination { ended.withLock { $0 = true } }
        stream.finish(sending: "bye")
        let rest = try client.read(until: "0\r\n\r\n")
        #expect(rest.contains("event: bye\ndata: \n\n"))
        #expect(rest.hasSuffix("0\r\n\r\n"))
        #expect(!stream.send(event: "late"))
        try await eventually { ended.withLock { $0 } }
    }

    @Test func moreStreamsThanAWorkerHoldsAnswersLeaveItServingPages() async throws {
        // A worker holds at most 32 answers it has worked out and not yet sent; a stream is sent
        // for as long as it lasts, and must not count among them.
        var configuration = ServerConfiguration(port: 0, threads: 1)
        configuration.eventStreamsPerAddress = 64
        configuration.eventStreamHeartbeat = .seconds(60)
        try await withEventServer(configuration, opened: Opened()) { server in
            var clients: [TestClient] = []
            for _ in 0..<40 {
                let client = try TestClient(port: server.port)
                try client.write(streamRequest)
                try #require(client.hasInput(within: .seconds(2)), "stream \(clients.count + 1) was not answered")
                #expect(try client.readHead().status == 200)
                clients.append(client)
            }
            #expect(try exchange(server, "GET /page HTTP/1.1\r\nHost: t\r\n\r\n").text == "page")
        }
    }

    @Test func aClientThatLeavesEndsItsStream() async throws {
        let opened = Opened()
        try await withEventServer(opened: opened) { server in
            do {
                let client = try TestClient(port: server.port)
                try client.write(streamRequest)
                _ = try client.readHead()
            }   // the client's socket is closed here
            let stream = try await opened.stream(0)
            let ended = Locked(false)
            stream.onTermination { ended.withLock { $0 = true } }
            try await eventually { ended.withLock { $0 } }
        }
    }

    @Test func aSilentStreamGetsHeartbeats() async throws {
        var configuration = ServerConfiguration(port: 0, threads: 2)
        configuration.eventStreamHeartbeat = .milliseconds(300)
        try await withEventServer(configuration, opened: Opened()) { server in
            let client = try TestClient(port: server.port)
            try client.write(streamRequest)
            _ = try client.readHead()
            #expect(try client.read(until: ": \n\n").contains(": \n\n"))
            #expect(try client.read(until: ": \n\n").contains(": \n\n"))
        }
    }

    @Test func streamsOverTheLimitsAreRefusedWithRetryAfter() async throws {
        var configuration = ServerConfiguration(port: 0, threads: 2)
        configuration.eventStreamLimit = 2
        configuration.eventStreamsPerAddress = 1
        let opened = Opened()
        try await withEventServer(configuration, opened: opened) { server in
            let first = try TestClient(port: server.port, source: "127.0.0.1")
            try first.write(streamRequest)
            #expect(try first.readHead().status == 200)
            let sameAddress = try TestClient(port: server.port, source: "127.0.0.1")
            try sameAddress.write(streamRequest)
            let refused = try sameAddress.readResponse()
            #expect(refused.status == 429)
            #expect((2...10).contains(Int(refused.header("Retry-After") ?? "") ?? 0))
            let second = try TestClient(port: server.port, source: "127.0.0.2")
            try second.write(streamRequest)
            #expect(try second.readHead().status == 200)
            let third = try TestClient(port: server.port, source: "127.0.0.3")
            try third.write(streamRequest)
            let full = try third.readResponse()
            #expect(full.status == 503)
            #expect(full.header("Retry-After") != nil)
            // A refused stream ended at once; the two admitted stay open.
            #expect(opened.all.count == 4)
            #expect(opened.all.filter { $0.isFinished }.count == 2)
            // One that ends makes room for another.
            try await opened.stream(0).finish()
            try await eventually {
                let again = try TestClient(port: server.port, source: "127.0.0.1")
                try again.write(streamRequest)
                return try again.readHead().status == 200
            }
        }
    }

    @Test func shutdownEndsEveryStreamAtOnce() async throws {
        let opened = Opened()
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 2), responder: Streams(opened: opened.add))
        try server.start()
        let clients = try (0..<20).map { _ in try TestClient(port: server.port) }
        for client in clients {
            try client.write(streamRequest)
            #expect(try client.readHead().status == 200)
        }
        _ = try await opened.stream(19)
        let began = ContinuousClock.now
        // On a thread of its own: shutdown blocks, and the test's reads block too.
        let stopped = Locked(false)
        let stopping = Thread {
            server.shutdown(timeout: 5)
            stopped.withLock { $0 = true }
        }
        stopping.start()
        for client in clients {
            #expect(try client.read(until: "0\r\n\r\n").hasSuffix("0\r\n\r\n"))
        }
        let took = ContinuousClock.now - began
        try await eventually { stopped.withLock { $0 } }
        // A figure, not a timed test (the issue's bound is 100 ms); the bound checked is the one
        // that tells "at once" from "after the drain": its quiet period is a second.
        Figure.report("shutdown with 20 event streams open", "every stream ended \(took.formatted(.units(allowed: [.milliseconds]))) after shutdown began")
        #expect(took < .seconds(1), "the streams waited for the drain: \(took)")
        #expect(opened.all.allSatisfy { $0.isFinished })
    }

    @Test func inProcessTheStreamIsReadWhereItIsAnswered() async throws {
        let opened = Opened()
        let server = Server(configuration: ServerConfiguration(port: 0), responder: Streams(opened: opened.add))
        let response = await server.inProcessResponse(to: Request(method: .get, path: "/events"))
        guard case .events(let stream) = response.body else {
            Issue.record("the body is not a stream")
            return
        }
        var received = stream.received().makeAsyncIterator()
        #expect(await received.next().map { String(decoding: $0, as: UTF8.self) } == "retry: 2500\n\n")
        stream.finish(sending: "refresh")
        #expect(await received.next().map { String(decoding: $0, as: UTF8.self) } == "event: refresh\ndata: \n\n")
        #expect(await received.next() == nil)
    }

    @Test func aReaderInProcessThatStopsEndsTheStream() async throws {
        let stream = EventStream()
        let ended = Locked(false)
        stream.onTermination { ended.withLock { $0 = true } }
        do { _ = stream.received() }
        try await eventually { ended.withLock { $0 } }
        #expect(stream.isFinished)
        #expect(!stream.send(event: "late"))
    }
}

private func withEventServer(
    _ configuration: ServerConfiguration = ServerConfiguration(port: 0, threads: 2), opened: Opened,
    _ body: (Server) async throws -> Void
) async throws {
    let server = Server(configuration: configuration, responder: Streams(opened: opened.add))
    try server.start()
    defer { server.shutdown(timeout: 1) }
    try await body(server)
}

/// Waits up to two seconds for `condition`.
private func eventually(_ condition: () throws -> Bool) async throws {
    for _ in 0..<200 {
        if try condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("the condition did not come true within 2 s")
}
