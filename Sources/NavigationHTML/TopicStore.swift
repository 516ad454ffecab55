import Navigation

/// Where the versions of an app's topics live (see `Topic`): the app's store, which keeps each
/// topic's version with its data, moves it in the same transaction as a write that changes it,
/// and announces it once the write commits. `LiveUpdates` reads and listens through it; the
/// library never sees the data.
///
/// ```swift
/// extension OrderStore: TopicStore {
///     func versions(of topics: Set<Topic>) async throws -> [Topic: Int] {
///         try await read { db in try TopicVersion.fetch(db, topics) }   // the page's own read
///     }
///     func changes() -> AsyncStream<TopicChange> { broadcast.subscribe() }
/// }
/// ```
public protocol TopicStore: Sendable {
    /// The versions of `topics`, 0 for one never published. Asked inside
    /// `NavigationApp.reading(_:)` while a page is drawn, where it must answer from the same
    /// snapshot as the page's data (so that no change between the two is missed), and outside
    /// it when a stream opens or the store has missed changes, where it reads afresh.
    func versions(of topics: Set<Topic>) async throws -> [Topic: Int]

    /// The changes as they commit, in this process and, for a store shared by several
    /// instances, in the others; each call is a new subscription that sees every change from
    /// then on. `TopicBroadcast` makes one.
    func changes() -> AsyncStream<TopicChange>
}

/// What a `TopicStore` announces.
public enum TopicChange: Sendable, Equatable {
    /// Writes have committed: these topics now have these versions.
    case published([Topic: Int])
    /// Changes may have been missed (the store's listening connection to its database dropped
    /// and is back): every open stream's topics are read again.
    case mayHaveMissed
}
