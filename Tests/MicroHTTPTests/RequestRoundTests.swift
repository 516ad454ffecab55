import Foundation
import HTTPTestSupport
import MicroHTTP
import Synchronization
import Testing

/// When each request's work began, by path.
private final class WorkStarts: Sendable {
    private let starts = Mutex<[String: ContinuousClock.Instant]>([:])

    func record(_ path: String) {
        let now = ContinuousClock.now
        starts.withLock { $0[path] = now }
    }

    func start(of path: String) -> ContinuousClock.Instant? {
        starts.withLock { $0[path] }
    }
}

/// A worker reads the requests of a round first, then runs their work back to back, then sends
/// their answers (see `RequestRound`). The worker is kept busy (a request whose work blocks it)
/// while the other requests are sent, so that it finds them all in one round.
@Suite struct RequestRoundTests {
    private static func get(_ path: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n"
    }

    /// A responder whose work blocks its worker: `/busy` for 200 ms, any other path for 20 ms.
    private static func blocking(_ starts: WorkStarts) -> some HTTPResponder {
        Respond { request in
            starts.record(request.path)
            usleep(request.path == "/busy" ? 200_000 : 20_000)
            return .text(request.path)
        }
    }

    @Test func theWorkOfARoundsRequestsAllRunsBeforeTheFirstOfTheirAnswersLeaves() throws {
        let starts = WorkStarts()
        try withServer(ServerConfiguration(port: 0, threads: 1), responder: Self.blocking(starts)) { server in
            let busy = try TestClient(port: server.port)
            let clients = try (0..<6).map { _ in try TestClient(port: server.port) }
            usleep(50_000)  // all accepted while the worker is idle
            try busy.write(Self.get("/busy"))
            usleep(50_000)  // the worker is in /busy's work
            for (index, client) in clients.enumerated() { try client.write(Self.get("/r\(index)")) }
            #expect(try busy.readResponse().text == "/busy")
            var firstArrival: ContinuousClock.Instant?
            for (index, client) in clients.enumerated() {
                let response = try client.readResponse()
                firstArrival = firstArrival ?? .now
                #expect(response.text == "/r\(index)")
            }
            let lastStart = try #require((0..<6).compactMap { starts.start(of: "/r\($0)") }.max())
            // Answering each request as it was read would send /r0's answer 20 ms after reading
            // it, some 100 ms before /r5's work began.
            #expect(try #require(firstArrival) > lastStart)
        }
    }

    @Test func aRequestWhoseClientLeavesBeforeItsWorkRunsCostsTheOthersNothing() throws {
        let starts = WorkStarts()
        try withServer(ServerConfiguration(port: 0, threads: 1), responder: Self.blocking(starts)) { server in
            let busy = try TestClient(port: server.port)
            var leaving: TestClient? = try TestClient(port: server.port)
            let staying = try TestClient(port: server.port)
            usleep(50_000)
            try busy.write(Self.get("/busy"))
            usleep(50_000)
            try leaving?.write(Self.get("/leaving"))
            leaving = nil  // closed before the worker has even read the request
            try staying.write(Self.get("/staying"))
            #expect(try busy.readResponse().text == "/busy")
            #expect(try staying.readResponse().text == "/staying")
            #expect(try exchange(server, Self.get("/after")).text == "/after")
        }
    }

    @Test func theRestOfAWaitingRequestsWorkRunsOnTheWorkerThatReceivedIt() async throws {
        // Before its wait and after it, the work of each request runs on the server's one worker.
        let responder = WaitingResponder { request in
            let before = pthread_self()
            try await awaitElsewhere(for: .milliseconds(request.path == "/short" ? 5 : 20))
            return .text(pthread_equal(before, pthread_self()) != 0 ? "same thread" : "another thread")
        }
        try await onThreadWaitedFor {
            try withServer(ServerConfiguration(port: 0, threads: 1), responder: responder) { server in
                let clients = try (0..<8).map { _ in try TestClient(port: server.port) }
                for (index, client) in clients.enumerated() { try client.write(Self.get(index % 2 == 0 ? "/short" : "/long")) }
                for client in clients { #expect(try client.readResponse().text == "same thread") }
            }
        }
    }

    @Test func clientsThatStopReadingBigAnswersDoNotStopTheWorkersOtherPages() throws {
        // Each 4 MB answer is more than the kernel takes at once for a client with a small
        // window that does not read (on loopback, whose segments are 64 KB, it takes about 1.3
        // MB): it stays with the worker, counted among the answers it holds, until its client
        // reads or times out. 34 of them are more than the 32 a worker holds.
        let big = String(repeating: "x", count: 4 << 20)
        let responder = Respond { request in .text(request.path == "/big" ? big : "small") }
        var configuration = ServerConfiguration(port: 0, threads: 1)
        configuration.connectionTimeout = 60
        try withServer(configuration, responder: responder) { server in
            let stalled = try (0..<34).map { _ in try TestClient(port: server.port, receiveBuffer: 4096) }
            for client in stalled { try client.write(Self.get("/big")) }
            usleep(100_000)
            let client = try TestClient(port: server.port)
            try client.write(Self.get("/small"))
            #expect(client.hasInput(within: .seconds(2)), "the worker stopped while its big answers waited")
            #expect(try client.readResponse().text == "small")
        }
    }

    @Test func aClientThatStopsSendingAfterItsRequestStillGetsItsAnswer() throws {
        // The answer is worked out a round after the request was read: the client's end of
        // sending, seen by then, must not close the connection first.
        try withServer(ServerConfiguration(port: 0, threads: 1), responder: Respond { .text($0.path) }) { server in
            for index in 0..<20 {
                let client = try TestClient(port: server.port)
                try client.write(Self.get("/half/\(index)"))
                client.finishWriting()
                #expect(try client.readResponse().text == "/half/\(index)")
            }
        }
    }

    @Test func aReadyReplyIsSentWithoutWaitingForTheRoundsOtherWork() throws {
        let starts = WorkStarts()
        let responder = ReadyOrBlocking(blocking: Self.blocking(starts))
        try withServer(ServerConfiguration(port: 0, threads: 1), responder: responder) { server in
            let busy = try TestClient(port: server.port)
            let slow = try (0..<4).map { _ in try TestClient(port: server.port) }
            let ready = try TestClient(port: server.port)
            usleep(50_000)
            try busy.write(Self.get("/busy"))
            usleep(50_000)
            for (index, client) in slow.enumerated() { try client.write(Self.get("/r\(index)")) }
            try ready.write(Self.get("/ready"))
            _ = try busy.readResponse()
            #expect(try ready.readResponse().text == "ready")
            let readyArrival = ContinuousClock.now
            for client in slow { _ = try client.readResponse() }
            // Read after the four blocking requests, it was answered before the last of their work
            // (20 ms each) began: 60 ms after the first, a margin for a test thread that a busy
            // machine runs late.
            let lastStart = try #require((0..<4).compactMap { starts.start(of: "/r\($0)") }.max())
            #expect(readyArrival < lastStart)
        }
    }
}

/// `/ready` answered at once (`.ready`, as a kept file is); anything else by `blocking`'s work.
private struct ReadyOrBlocking<Blocking: HTTPResponder>: HTTPResponder {
    let blocking: Blocking

    func reply(to request: Request) throws -> Reply {
        request.path == "/ready" ? .ready(.text("ready")) : try blocking.reply(to: request)
    }

    func respond(to request: Request) async throws -> Response {
        try await reply(to: request).response()
    }
}

/// A responder whose work may wait.
private struct WaitingResponder: HTTPResponder {
    let work: @Sendable (Request) async throws -> Response

    func respond(to request: Request) async throws -> Response {
        try await work(request)
    }
}
