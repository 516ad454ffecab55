import Synchronization

/// Values made once and then looked up, behind a lock: the table of a cache whose every entry is
/// what `make` gives for its key, so that any copy of it serves (a route's JSON, a nonce's form
/// token). Bounded as ``BoundedTable`` is: past `limit` entries or `byteLimit` bytes it starts
/// afresh.
///
/// Contracts: thread-safe; `value(for:making:)` answers what `make(key)` gave, made at most once
/// while the entry is kept (two threads missing at once may both make it).
final class KeptValues<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table: Mutex<BoundedTable<Key, Value>>
    private let size: @Sendable (Key, Value) -> Int

    /// - Parameter size: the bytes an entry is counted as, against `byteLimit`.
    init(limit: Int, byteLimit: Int = .max, size: @escaping @Sendable (Key, Value) -> Int) {
        table = Mutex(BoundedTable(limit: limit, byteLimit: byteLimit))
        self.size = size
    }

    /// The value kept for `key`, else `make(key)`, kept (a value `make` throws for is not).
    func value(for key: Key, making make: (Key) throws -> Value) rethrows -> Value {
        if let kept = table.withLock({ $0[key] }) { return kept }
        let value = try make(key)
        table.withLock { $0.keep(value, for: key, bytes: size(key, value)) }
        return value
    }

    /// How many values are kept.
    var count: Int { table.withLock { $0.count } }
}
