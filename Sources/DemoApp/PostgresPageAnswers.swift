#if PostgreSQL
import MicroHTTP

/// What one page has read from PostgreSQL, kept until its transaction ends, so that a read the
/// page makes twice (a list drawn by the screen and again by its split view's sidebar, the
/// users on a profile and in its account section) costs one statement. Inside the page's
/// REPEATABLE READ snapshot the second statement could only answer what the first did.
///
/// Kept by the keys of the SQLite store's ``DemoStore/ReadCache``, whose page reads do the same;
/// an item read as part of another answer (`names`, which reads the page's items whole) is kept
/// under its own key. Nothing outlives the page: the next page has another snapshot.
final class PostgresPageAnswers: Sendable {
    typealias Key = DemoStore.ReadCache.Key

    private let answers = Locked<[Key: any Sendable]>([:])

    /// The answer kept for `key`, if any. Looked up before the cast: a missing answer cast to
    /// an optional `Value` (an item that may not exist) would pass as nil.
    func answer<Value: Sendable>(_ key: Key, as type: Value.Type) -> Value? {
        answers.withLock { answers in
            guard let answer = answers[key] else { return nil }
            return answer as? Value
        }
    }

    /// Keeps `value` as the answer for `key` until the page ends.
    func keep<Value: Sendable>(_ value: Value, for key: Key) {
        answers.withLock { $0[key] = value }
    }
}
#endif
