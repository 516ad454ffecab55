import Navigation
import MicroHTTP
import Synchronization

/// Hands each announcement of a `TopicStore` to every subscriber: what a store's `changes()`
/// returns, and what it tells when a write commits (or when its listener learns of another
/// instance's).
///
/// ```swift
/// let broadcast = TopicBroadcast()
/// func changes() -> AsyncStream<TopicChange> { broadcast.subscribe() }
/// // after the write's transaction commits:
/// broadcast.publish(["orders": 13, "orders/ORD-001": 4])
/// ```
///
/// A subscriber that reads slower than writes commit gets them merged: its stream holds at most
/// one change, each topic at its newest version (or `mayHaveMissed`, which reads every topic
/// again), so a busy store's announcements take no memory beyond that however many writes come.
public final class TopicBroadcast: Sendable {
    private let subscribers = Locked<[Int: AsyncStream<TopicChange>.Continuation]>([:])
    private let nextID = Atomic(0)
    /// Held while announcing: an announcement merged with the one a stream holds is not lost to
    /// another announced at the same moment.
    private let announcing = Mutex(())

    /// A broadcast with no subscribers yet.
    public init() {}

    /// A stream of every announcement from now on, until the subscriber stops reading.
    public func subscribe() -> AsyncStream<TopicChange> {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream.makeStream(of: TopicChange.self, bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    /// Writes have committed: `versions` are the topics' new versions.
    public func publish(_ versions: [Topic: Int]) {
        guard !versions.isEmpty else { return }
        announce(.published(versions))
    }

    /// The store may have missed changes (see `TopicChange.mayHaveMissed`).
    public func missed() {
        announce(.mayHaveMissed)
    }

    private func announce(_ change: TopicChange) {
        announcing.withLock { _ in
            for continuation in subscribers.withLock({ Array($0.values) }) {
                // The stream keeps the newest change only: one it drops comes back merged.
                var pending = change
                while case .dropped(let older) = continuation.yield(pending) {
                    let merged = older.merged(with: pending)
                    if merged == pending { break }
                    pending = merged
                }
            }
        }
    }
}

extension TopicChange {
    /// What a reader of both changes learns: each topic at the newer of its versions, or
    /// `mayHaveMissed` when either is (every topic is then read again).
    func merged(with other: TopicChange) -> TopicChange {
        switch (self, other) {
        case (.published(let versions), .published(let others)):
            return .published(versions.merging(others, uniquingKeysWith: max))
        case (.mayHaveMissed, _), (_, .mayHaveMissed):
            return .mayHaveMissed
        }
    }
}
