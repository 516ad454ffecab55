/// The values a cache keeps while they fit: at most `limit` entries, and at most `byteLimit`
/// bytes of them together (as the owner counts each value's bytes); past either, it starts
/// afresh. For caches whose keys come from requests, which are not bounded: starting afresh costs
/// each key one miss, and keeps no order up to date on every hit.
///
/// A value type, kept behind the owner's lock (`Mutex<BoundedTable<Key, Value>>`).
struct BoundedTable<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, bytes: Int)] = [:]
    /// The kept values' bytes.
    private(set) var bytes = 0
    private let limit: Int
    private let byteLimit: Int

    init(limit: Int, byteLimit: Int = .max) {
        self.limit = max(limit, 1)
        self.byteLimit = byteLimit
    }

    subscript(key: Key) -> Value? {
        entries[key]?.value
    }

    var count: Int { entries.count }

    /// Keeps `value` for `key`, counted as `bytes`, after starting afresh if it would not fit.
    mutating func keep(_ value: Value, for key: Key, bytes: Int) {
        if entries.count >= limit || self.bytes + bytes > byteLimit {
            entries.removeAll(keepingCapacity: true)
            self.bytes = 0
        }
        let replaced = entries.updateValue((value, bytes), forKey: key)
        self.bytes += bytes - (replaced?.bytes ?? 0)
    }
}
