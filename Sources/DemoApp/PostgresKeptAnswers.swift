#if PostgreSQL
import MicroHTTP

/// What pages have read from PostgreSQL, kept across pages while the database's snapshot is the
/// one they were read in: the PostgreSQL store's ``DemoStore/ReadCache``.
///
/// A snapshot (`pg_current_snapshot()`: the oldest transaction still running, the next to be
/// numbered, those running between them) changes whenever a transaction that wrote anything
/// commits or ends, on any connection of any instance, or when one that will write begins; two
/// equal snapshots see the same rows. So a page that finds the snapshot unchanged (one statement)
/// can take every answer kept at it instead of reading again, and a write shows on the very next
/// page, wherever it was made. Instances keep their own; nothing is shared but the database.
///
/// Contracts: answers only what was read at the snapshot asked; keeping an answer read at another
/// snapshot starts afresh; it holds at most ``limit`` answers, then starts afresh.
final class PostgresKeptAnswers: Sendable {
    typealias Key = DemoStore.ReadCache.Key

    static let limit = 4096

    private let kept = Locked<(snapshot: String?, values: [Key: any Sendable])>((nil, [:]))

    /// The snapshot the answers were read at; nil before any was kept.
    var snapshot: String? { kept.withLock { $0.snapshot } }

    /// The answer for `key` read at `snapshot`, if one is kept. Looked up before the cast: a
    /// missing answer cast to an optional `Value` (an item that may not exist) would pass as nil.
    func answer<Value: Sendable>(_ key: Key, as type: Value.Type, at snapshot: String) -> Value? {
        kept.withLock { kept in
            guard kept.snapshot == snapshot, let answer = kept.values[key] else { return nil }
            return answer as? Value
        }
    }

    /// Keeps `value`, read at `snapshot`, as the answer for `key`.
    func keep<Value: Sendable>(_ value: Value, for key: Key, at snapshot: String) {
        kept.withLock { kept in
            if kept.snapshot != snapshot || kept.values.count >= Self.limit { kept = (snapshot, [:]) }
            kept.values[key] = value
        }
    }
}
#endif
