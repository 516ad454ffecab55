import Dispatch
import Foundation
import HTTPTestSupport
import MicroHTTP
import Synchronization
import Testing

/// A thousand requests whose data takes 100 ms each (the answer comes from a timer queue, as a
/// database driver's answer comes from its event loop), on a server with two worker threads:
/// they wait together rather than in turn, and a fast page stays fast meanwhile. A load test:
/// `scripts/test` runs it alone.
@Suite struct ManyWaitingRequestsTests {
    struct SlowData: HTTPResponder {
        static let timers = DispatchQueue(label: "slow-data")
        let gate: Gate

        func respond(to request: Request) async throws -> Response {
            if request.path == "/fast" { return .text("fast") }
            await withCheckedContinuation { continuation in
                Self.timers.asyncAfter(deadline: .now() + .milliseconds(100)) { continuation.resume() }
            }
            await gate.passed()
            return .text("slow")
        }
    }

    /// Holds the slow answers until the fast page has been measured often enough while they all
    /// wait. A fixed 100 ms window gave the fast page 73 turns on a slower machine and 200 on a
    /// quiet one; the gate makes the sample count the test's choice, not the machine's.
    final class Gate: Sendable {
        private let state = Locked<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func passed() async {
            await withCheckedContinuation { continuation in
                let open = state.withLock { state in
                    if !state.open { state.waiting.append(continuation) }
                    return state.open
                }
                if open { continuation.resume() }
            }
        }

        func open() {
            for continuation in state.withLock({ state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }) { continuation.resume() }
        }
    }

    @Test func aThousandWaitingRequestsOnTwoThreadsTakeAboutOneWait() async throws {
        try await onThread {
            var configuration = ServerConfiguration(port: 0, threads: 2, connectionLimit: 4096, perIPConnectionLimit: 2048)
            configuration.requestDeadline = .seconds(30)
            let gate = Gate()
            // Whatever happens below, no slow request waits on the gate past the test.
            defer { gate.open() }
            try withServer(configuration, responder: SlowData(gate: gate)) { server in
                let count = 1000
                let samples = 100
                let clients = try (0..<count).map { _ in try TestClient(port: server.port) }
                // Used by the thread below only.
                nonisolated(unsafe) let fast = try TestClient(port: server.port)
                let allWaiting = Atomic(false)
                let latencies = Locked<[Duration]>([])
                let fastThread = Thread {
                    // Only turns taken while the thousand wait count; the gate opens after the
                    // last of them, or when the fast page fails.
                    defer { gate.open() }
                    while true {
                        let waiting = allWaiting.load(ordering: .acquiring)
                        let start = ContinuousClock.now
                        guard (try? fast.write("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")) != nil,
                              (try? fast.readResponse())?.text == "fast" else { break }
                        let elapsed = ContinuousClock.now - start
                        guard waiting else { continue }
                        if latencies.withLock({ $0.append(elapsed); return $0.count }) >= samples { break }
                    }
                }
                fastThread.start()

                let start = ContinuousClock.now
                for client in clients { try client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n") }
                allWaiting.store(true, ordering: .releasing)
                var answered = 0
                for client in clients where (try? client.readResponse())?.text == "slow" { answered += 1 }
                let total = ContinuousClock.now - start

                let sorted = latencies.withLock { $0 }.sorted()
                let p99 = sorted.isEmpty ? Duration.seconds(99) : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
                #expect(answered == count)
                // In turn, two threads would take 50 s; together, one wait and the fast page's turns.
                #expect(total < .seconds(2), "\(total)")
                #expect(sorted.count == samples, "the fast page answered \(sorted.count) times while the thousand waited")
                // Served in turn behind the waiting thousand, the fast page would take seconds.
                // The bound tells the two apart and no more: the figure below is the measure (a
                // 25 ms bound failed at 26 ms in a full swift test beside every other suite).
                #expect(p99 < .milliseconds(250), "\(p99)")
                Figure.report("\(count) concurrent requests whose data takes 100 ms, 2 worker threads",
                              "\(answered)/\(count) answered in \(milliseconds(total)) ms; meanwhile a fast page "
                                  + "(\(sorted.count) requests): p50 \(milliseconds(sorted.isEmpty ? p99 : sorted[sorted.count / 2], digits: 2)) ms, "
                                  + "p99 \(milliseconds(p99, digits: 2)) ms")
            }
        }
    }
}

private func milliseconds(_ duration: Duration, digits: Int = 0) -> String {
    String(format: "%.\(digits)f", Double(duration / .microseconds(1)) / 1000)
}
