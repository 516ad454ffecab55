#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`, in one allocation with it.
///
/// Used instead of `Synchronization.Mutex` for state that several threads contend for (the
/// server's workers, its continuation threads and watch, a store's readers): on Linux, `Mutex`
/// hands a contended lock over through a priority-inheriting futex in code ThreadSanitizer does
/// not see, so every contended hand-over reads to it as a data race, and such hand-overs are also
/// slow there (swiftlang/swift#88440). ThreadSanitizer knows `pthread_mutex_t`, and uncontended
/// it costs the same.
///
/// ```swift
/// let idle = Locked<[Connection]>([])
/// let next = idle.withLock { $0.popLast() }
/// ```
public final class Locked<Value>: @unchecked Sendable {
    private let storage: Storage

    /// `value`, behind a lock of its own.
    public init(_ value: Value) {
        storage = Storage.create(minimumCapacity: 1) { _ in value } as! Storage
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        }
    }

    /// Runs `body` with the value, the lock held.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                _ = mutex.deinitialize(count: 1)
            }
        }
    }
}
