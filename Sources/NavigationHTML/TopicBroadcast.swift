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
public final class TopicBroadcast: Sendable {
    private let subscribers = Locked<[Int: AsyncStream<TopicChange>.Continuation]>([:])
    private let nextID = Atomic(0)

    /// A broadcast with no subscribers yet.
    public init() {}

    /// A stream of every announcement from now on, until the subscriber stops reading.
    public func subscribe() -> AsyncStream<TopicChange> {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream.makeStream(of: TopicChange.self, bufferingPolicy: .unbounded)
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
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(change) }
    }
}
