@testable import DemoApp
import Synchronization
import Testing

/// At most `limit` callers inside at once, every caller let in in the end, a thrown error
/// giving the place back.
@Suite struct AdmissionTests {
    /// Who is inside, the most at once, and how many have been.
    private final class Gauge: Sendable {
        let counts = Mutex((inside: 0, most: 0, done: 0))
    }

    @Test func neverMoreThanTheLimitInsideAndEveryoneGetsIn() async throws {
        let admission = Admission(limit: 4)
        let gauge = Gauge()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    await admission.inside {
                        gauge.counts.withLock { $0.inside += 1; $0.most = max($0.most, $0.inside) }
                        try? await Task.sleep(for: .milliseconds(2))
                        gauge.counts.withLock { $0.inside -= 1; $0.done += 1 }
                    }
                }
            }
        }
        let counts = gauge.counts.withLock { $0 }
        #expect(counts.done == 64)
        #expect(counts.most == 4)
        #expect(admission.inside == 0)
    }

    @Test func aThrowingCallerGivesItsPlaceBack() async throws {
        struct Failed: Error {}
        let admission = Admission(limit: 1)
        for _ in 0..<3 {
            await #expect(throws: Failed.self) { try await admission.inside { throw Failed() } }
        }
        #expect(admission.inside == 0)
        #expect(await admission.inside { 7 } == 7)
    }
}
