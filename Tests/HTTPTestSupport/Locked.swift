import Foundation

/// A value shared between threads behind an `NSLock`. Tests use this rather than `Mutex`
/// because ThreadSanitizer sees `pthread_mutex` (which `NSLock` wraps) but not the lock inside
/// the uninstrumented Synchronization library, and would report every access as a race.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
