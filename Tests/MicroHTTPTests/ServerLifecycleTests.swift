import HTTPTestSupport
import Dispatch
import Foundation
import MicroHTTP
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ServerLifecycleTests {
    @Test func portZeroBindsARealPort() throws {
        try withServer(responder: Respond { _ in .text("ok") }) { server in
            #expect(server.port > 0)
            let response = try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.text == "ok")
        }
    }

    @Test func shutdownAnswersTheRequestInFlightThenRefusesConnections() throws {
        let entered = Atomic(false)
        let responder = Respond { _ in
            entered.store(true, ordering: .sequentiallyConsistent)
            usleep(300_000)
            return .text("finished")
        }
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 2), responder: responder)
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        let client = try TestClient(port: port)
        try client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        while !entered.load(ordering: .sequentiallyConsistent) { usleep(1_000) }

        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.shutdown()
            stopped.signal()
        }
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "finished")
        #expect(stopped.wait(timeout: .now() + 5) == .success)
        #expect(throws: TestClient.Failure(operation: "connect", code: ECONNREFUSED)) {
            try TestClient(port: port)
        }
        server.shutdown()
    }

    /// A proxy keeps connections alive and may send on one at any moment: during shutdown such a
    /// request is answered (and the connection closed after it), not cut off.
    @Test func shutdownAnswersRequestsOnKeptAliveConnectionsUntilTheyClose() throws {
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 2), responder: Respond { _ in .text("ok") })
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        let client = try TestClient(port: port)
        try client.write("GET /first HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().header("Connection") == nil)

        let stopped = Atomic(false)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.shutdown(timeout: 10, quietPeriod: 5)
            stopped.store(true, ordering: .sequentiallyConsistent)
            done.signal()
        }
        // Shutdown has begun once new connections are refused (however slowly the thread started).
        let refusing = ContinuousClock.now + .seconds(5)
        while (try? TestClient(port: port)) != nil, ContinuousClock.now < refusing { usleep(10_000) }
        #expect(throws: TestClient.Failure(operation: "connect", code: ECONNREFUSED)) { try TestClient(port: port) }
        let stoppedEarly = stopped.load(ordering: .sequentiallyConsistent)
        #expect(!stoppedEarly, "shutdown did not wait for the open connection")
        try client.write("GET /second HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200 && response.text == "ok")
        #expect(response.header("Connection")?.lowercased() == "close")
        // Closed after that answer, the connection no longer holds the shutdown back.
        #expect(done.wait(timeout: .now() + 4) == .success)
        #expect(client.isClosedByServer())
    }

    /// Connections nobody sends on are closed once no request has begun for the quiet period.
    @Test func shutdownClosesIdleConnectionsAfterTheQuietPeriod() throws {
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 2), responder: Respond { _ in .text("ok") })
        try server.start()
        defer { server.shutdown() }
        let client = try TestClient(port: server.port)
        try client.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        let start = ContinuousClock.now
        server.shutdown(timeout: 10, quietPeriod: 0.4)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(400) && elapsed < .seconds(5), "took \(elapsed)")
        #expect(client.isClosedByServer())
    }

    #if os(Linux)
    /// The default worker count is the CPUs the process may run on, as the kernel lists them.
    @Test func availableCoresAreTheAffinityMasksCPUs() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        // "0-3,6": ranges and single CPUs.
        let allowed = line.dropFirst("Cpus_allowed_list:".count).split(separator: ",").map { part in
            let bounds = part.split(separator: "-").compactMap { Int($0.trimmingPrefix(while: \.isWhitespace)) }
            return bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1
        }.reduce(0, +)
        #expect(allowed > 0)
        #expect(ServerConfiguration.availableCores == allowed)
        #expect(ServerConfiguration().threads == allowed)
    }
    #endif

    @Test func startFailuresAreTypedErrors() throws {
        let responder = Respond { _ in .text("ok") }
        #expect(throws: ServerError.invalidHost("example.com")) {
            try Server(configuration: ServerConfiguration(host: "example.com", port: 0), responder: responder).start()
        }
        #expect(throws: ServerError.self) {
            try Server(configuration: ServerConfiguration(port: 70000), responder: responder).start()
        }
        try withServer(responder: responder) { server in
            #expect(throws: ServerError.alreadyStarted) { try server.start() }
            let clash = Server(configuration: ServerConfiguration(port: server.port), responder: responder)
            let error = #expect(throws: ServerError.self) { try clash.start() }
            guard case .startFailed(let message)? = error else {
                Issue.record("expected startFailed, got \(String(describing: error))")
                return
            }
            #expect(message.contains("\(server.port)") && message.contains("in use"))
        }
    }

    @Test func listensOnIPv6Loopback() throws {
        let server = Server(configuration: ServerConfiguration(host: "::1", port: 0), responder: Respond { _ in .text("v6") })
        try server.start()
        defer { server.shutdown() }
        #expect(server.port > 0)
    }
}
