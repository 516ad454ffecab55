import MicroHTTP

/// Whole answers of a store's reads (a list of orders, a recipe), kept while the database's
/// version is the one they were read at: SQLite's `data_version` in ``DemoStore/ReadCache``, a
/// PostgreSQL snapshot's text in ``PostgresDemoStore``. Equal versions mean nothing was written in
/// between, so a kept answer is what the read would answer.
///
/// Contracts: answers only what was read at the version asked; keeping an answer read at another
/// version starts afresh; it holds at most ``limit`` answers, then starts afresh.
final class KeptAnswers<Version: Equatable & Sendable>: Sendable {
    typealias Key = DemoStore.ReadCache.Key

    static var limit: Int { 4096 }

    private let kept = Locked<(version: Version?, values: [Key: any Sendable])>((nil, [:]))

    /// The version the kept answers were read at; nil before any was kept.
    var version: Version? { kept.withLock { $0.version } }

    /// The answer for `key` read at `version`, if one is kept. Looked up before the cast: a
    /// missing answer cast to an optional `Value` (an item that may not exist) would pass as nil.
    func answer<Value: Sendable>(_ key: Key, as type: Value.Type, at version: Version) -> Value? {
        kept.withLock { kept in
            guard kept.version == version, let answer = kept.values[key] else { return nil }
            return answer as? Value
        }
    }

    /// Keeps `value`, read at `version`, as the answer for `key`.
    func keep<Value: Sendable>(_ value: Value, for key: Key, at version: Version) {
        kept.withLock { kept in
            if kept.version != version || kept.values.count >= Self.limit { kept = (version, [:]) }
            kept.values[key] = value
        }
    }
}
