import Dispatch
import Foundation
import HTTPTestSupport
import MicroHTTP
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Waits as a network client's call does: the answer comes from a thread of its own (as a
/// database driver's event loop), not from Swift's cooperative threads, which the tests around
/// may be holding. Cancellation ends the wait at once with `CancellationError`; so does `wait`'s
/// `finish`, when the caller keeps it to end the wait early.
func awaitElsewhere(for delay: Duration, on wait: ElsewhereWait = ElsewhereWait()) async throws {
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { wait.start($0, delay: delay) }
    } onCancel: {
        wait.finish(.failure(CancellationError()))
    }
}

/// One `awaitElsewhere`: resumed once, by its thread or by cancellation, whichever comes first.
/// Guarded by an `NSLock` rather than `Synchronization.Mutex`, whose contended hand-over on Linux
/// ThreadSanitizer does not see (see MicroHTTP's `Locked`).
final class ElsewhereWait: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<Void, any Error>?
    private var ended: Result<Void, any Error>?

    func start(_ continuation: CheckedContinuation<Void, any Error>, delay: Duration) {
        let ended = lock.withLock {
            if self.ended == nil { self.continuation = continuation }
            return self.ended
        }
        if let ended { return continuation.resume(with: ended) }
        let thread = Thread { [self] in
            let end = ContinuousClock.now + delay
            while ContinuousClock.now < end, lock.withLock({ self.ended == nil }) { usleep(1_000) }
            finish(.success(()))
        }
        thread.start()
    }

    func finish(_ result: Result<Void, any Error>) {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            guard ended == nil else { return nil }
            ended = result
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(with: result)
    }
}

/// A responder that awaits: `awaitElsewhere` stands for a query that takes `delay`, and it records
/// whether it was cancelled. `/fast` answers at once.
final class Waiting: HTTPResponder {
    let delay: Duration
    let cancelled = Atomic(0)
    let started = Atomic(0)
    private let gate: ElsewhereWait?

    /// - Parameter gated: the wait also ends when the test calls `open()` (one request waits at a
    ///   time), so that a test can hold an answer back for as long as it needs, whatever the clock.
    init(_ delay: Duration, gated: Bool = false) {
        self.delay = delay
        gate = gated ? ElsewhereWait() : nil
    }

    func open() {
        gate?.finish(.success(()))
    }

    func respond(to request: Request) async throws -> Response {
        if request.path == "/fast" { return .text("fast") }
        started.add(1, ordering: .sequentiallyConsistent)
        do {
            try await awaitElsewhere(for: delay, on: gate ?? ElsewhereWait())
        } catch {
            cancelled.add(1, ordering: .sequentiallyConsistent)
            throw error
        }
        return .text("waited \(request.path)")
    }
}

/// Requests whose responders wait hold no worker thread: their connections are suspended and
/// resumed with the answer, within a deadline, and nothing is left when clients leave or the
/// server stops.
@Suite struct WaitingResponderTests {
    @Test func aWaitingAnswerComesAndFastOnesPassMeanwhile() async throws {
        try await onThread {
            let responder = Waiting(.seconds(30), gated: true)
            try withServer(ServerConfiguration(port: 0, threads: 1), responder: responder) { server in
                // Opened on every path, so that a failure below cannot leave the request waiting.
                defer { responder.open() }
                let slow = try TestClient(port: server.port)
                try slow.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
                while responder.started.load(ordering: .sequentiallyConsistent) == 0 { usleep(1_000) }
                // One worker thread, and the slow request waits until the fast ones are answered:
                // had it held the worker, none of them would be (each would fail at the client's
                // read timeout). No clock is read, so a slow machine cannot fail it.
                for _ in 0..<20 {
                    #expect(try exchange(server, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n").text == "fast")
                }
                #expect(!slow.hasInput(within: .zero), "the slow answer waits for the gate")
                responder.open()
                let answer = try slow.readResponse()
                #expect(answer.status == 200)
                #expect(answer.text == "waited /slow")
                // The connection stays usable for the next request.
                try slow.write("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try slow.readResponse().text == "fast")
            }
        }
    }

    @Test func workThatHopsThreadsWithoutWaitingLongStillAnswers() async throws {
        try await onThread {
            struct Hopping: HTTPResponder {
                func respond(to request: Request) async throws -> Response {
                    // Queued on the request's executor while the worker still runs it inline.
                    await Task.yield()
                    // Resumed from another thread, continued on the worker when it is called again.
                    try await awaitElsewhere(for: .milliseconds(1))
                    await Task.yield()
                    return .text("42")
                }
            }
            try withServer(responder: Hopping()) { server in
                let client = try TestClient(port: server.port)
                for _ in 0..<50 {
                    try client.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                    #expect(try client.readResponse().text == "42")
                }
            }
        }
    }

    @Test func pastTheDeadlineTheClientGets503AndTheResponderIsCancelled() async throws {
        try await onThread {
            let responder = Waiting(.seconds(30))
            var configuration = ServerConfiguration(port: 0, threads: 1)
            configuration.requestDeadline = .milliseconds(300)
            try withServer(configuration, responder: responder) { server in
                let start = ContinuousClock.now
                let client = try TestClient(port: server.port)
                try client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
                let answer = try client.readResponse()
                let waited = ContinuousClock.now - start
                #expect(answer.status == 503)
                #expect(answer.header("Retry-After") == "1")
                #expect(waited >= .milliseconds(300) && waited < .seconds(2))
                try waitUntil { responder.cancelled.load(ordering: .sequentiallyConsistent) == 1 }
                // Other requests were never held up, and the connection goes on.
                try client.write("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().text == "fast")
            }
        }
    }

    @Test func aClientThatLeavesWhileWaitingCancelsItsResponder() async throws {
        try await onThread {
            let responder = Waiting(.seconds(30))
            try withServer(responder: responder) { server in
                do {
                    let client = try TestClient(port: server.port)
                    try client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
                    try waitUntil { responder.started.load(ordering: .sequentiallyConsistent) == 1 }
                }   // closed here
                let start = ContinuousClock.now
                try waitUntil { responder.cancelled.load(ordering: .sequentiallyConsistent) == 1 }
                #expect(ContinuousClock.now - start < .seconds(1), "noticed long before the 5 s deadline")
                #expect(try exchange(server, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n").text == "fast")
            }
        }
    }

    @Test func shutdownAnswersEveryWaitingRequestThenStops() async throws {
        try await onThread {
            let responder = Waiting(.seconds(30))
            let server = Server(configuration: ServerConfiguration(port: 0, threads: 2), responder: responder)
            try server.start()
            defer { server.shutdown() }
            let clients = try (0..<20).map { _ in try TestClient(port: server.port) }
            for client in clients { try client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n") }
            try waitUntil { responder.started.load(ordering: .sequentiallyConsistent) == clients.count }
            let start = ContinuousClock.now
            server.shutdown(timeout: 0.2)
            #expect(ContinuousClock.now - start < .seconds(3))
            for client in clients {
                let answer = try client.readResponse()
                #expect(answer.status == 503)
                #expect(answer.header("Retry-After") == "1")
            }
            try waitUntil { responder.cancelled.load(ordering: .sequentiallyConsistent) == clients.count }
        }
    }

    @Test func requestsThatFinishBeforeTheShutdownTimeoutGetTheirAnswers() async throws {
        try await onThread {
            let responder = Waiting(.milliseconds(200))
            let server = Server(configuration: ServerConfiguration(port: 0, threads: 1), responder: responder)
            try server.start()
            defer { server.shutdown() }
            let clients = try (0..<10).map { _ in try TestClient(port: server.port) }
            for client in clients { try client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n") }
            try waitUntil { responder.started.load(ordering: .sequentiallyConsistent) == clients.count }
            server.shutdown(timeout: 5)
            for client in clients {
                let answer = try client.readResponse()
                #expect(answer.status == 200)
                #expect(answer.header("Connection") == "close")
            }
        }
    }

    @Test func aNonPositiveDeadlineIsRefused() {
        var configuration = ServerConfiguration(port: 0)
        configuration.requestDeadline = .zero
        #expect(throws: ServerError.invalidConfiguration("requestDeadline must be positive, got 0.0 seconds")) {
            try Server(configuration: configuration, responder: Waiting(.zero)).start()
        }
    }
}

/// Polls `condition` every millisecond for up to 5 seconds.
func waitUntil(_ condition: () -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw TimedOut() }
        usleep(1_000)
    }
}

struct TimedOut: Error {}
