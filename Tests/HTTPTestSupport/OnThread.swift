import Foundation

/// Runs blocking test code (sockets, sleeps) on a thread of its own and awaits its result, so
/// that it never holds one of Swift's few cooperative threads: the server's waiting requests
/// continue on those, and a test blocking them would stall what it measures.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// `onThread` for a closure that is not `Sendable`: safe because the caller is suspended until
/// the thread has finished with it, so the two never run at once. The thread drops the closure
/// before it resumes the caller, so it never outlives this call.
public func onThreadWaitedFor(_ body: () throws -> Void) async throws {
    final class Lent: @unchecked Sendable {
        var body: (() throws -> Void)?
    }
    try await withoutActuallyEscaping(body) { body in
        let lent = Lent()
        lent.body = body
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                let result = Result { try lent.body!() }
                lent.body = nil
                continuation.resume(with: result)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}
