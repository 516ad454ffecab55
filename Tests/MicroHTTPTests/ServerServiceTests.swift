import HTTPTestSupport
import Logging
import MicroHTTP
import ServiceLifecycle
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `Server` as a swift-service-lifecycle `Service`: it runs in a `ServiceGroup` beside the
/// services it needs, and a graceful shutdown drains it before they stop.
@Suite struct ServerServiceTests {
    /// Stands for a database client: it records what it saw when the group told it to stop.
    final class Dependency: Service, Sendable {
        let port = Atomic(0)
        /// Whether the server still took connections when this service was told to stop.
        let serverWasUp = Mutex<Bool?>(nil)

        func run() async throws {
            try? await gracefulShutdown()
            let port = port.load(ordering: .sequentiallyConsistent)
            serverWasUp.withLock { $0 = (try? TestClient(port: port)) != nil }
        }
    }

    static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    @Test func aGracefulShutdownDrainsTheServerBeforeTheServiceItNeedsStops() async throws {
        let entered = Atomic(false)
        let responder = Respond { request in
            if request.path == "/slow" {
                entered.store(true, ordering: .sequentiallyConsistent)
                usleep(300_000)
            }
            return .text("finished \(request.path)")
        }
        let dependency = Dependency()
        let listening = AsyncStream<Int>.makeStream()
        let server = Server(
            configuration: ServerConfiguration(port: 0, threads: 2), responder: responder, logger: Self.quiet,
            onListening: { server in listening.continuation.yield(server.port) })
        // Stopped in reverse order: the server first, then what it needs.
        let group = ServiceGroup(configuration: .init(services: [dependency, server], logger: Self.quiet))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var ports = listening.stream.makeAsyncIterator()
            let port = try #require(await ports.next())
            dependency.port.store(port, ordering: .sequentiallyConsistent)

            let answer = Task.detached { () throws -> TestResponse in
                let client = try TestClient(port: port)
                try client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
                return try client.readResponse()
            }
            while !entered.load(ordering: .sequentiallyConsistent) { try await Task.sleep(for: .milliseconds(1)) }
            await group.triggerGracefulShutdown()
            let response = try await answer.value
            #expect(response.status == 200 && response.text == "finished /slow", "the request in flight is answered")
            try await tasks.waitForAll()
            #expect(throws: TestClient.Failure(operation: "connect", code: ECONNREFUSED)) { try TestClient(port: port) }
        }
        #expect(dependency.serverWasUp.withLock { $0 } == false, "the server had stopped before its dependency was told to")
    }

    @Test func cancellingTheTaskStopsTheServer() async throws {
        let listening = AsyncStream<Int>.makeStream()
        let server = Server(
            configuration: ServerConfiguration(port: 0), responder: Respond { _ in .text("ok") }, logger: Self.quiet,
            onListening: { server in listening.continuation.yield(server.port) })
        let running = Task { try await server.run() }
        var ports = listening.stream.makeAsyncIterator()
        let port = try #require(await ports.next())
        let client = try TestClient(port: port)
        try client.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(try client.readResponse().text == "ok")
        running.cancel()
        try await running.value
        #expect(throws: TestClient.Failure(operation: "connect", code: ECONNREFUSED)) { try TestClient(port: port) }
    }

    @Test func aPortInUseIsAnErrorThatSaysSo() async throws {
        let first = Server(configuration: ServerConfiguration(port: 0), responder: Respond { _ in .text("first") })
        try first.start()
        defer { first.shutdown(timeout: 1) }
        let second = Server(configuration: ServerConfiguration(port: first.port), responder: Respond { _ in .text("second") },
                            logger: Self.quiet)
        let error = await #expect(throws: ServerError.self) { try await second.run() }
        let text = String(describing: try #require(error))
        #expect(text.contains("port \(first.port)") && text.contains("in use"), "\(text)")
        #expect(!text.contains("\n"))
    }
}
