import Foundation
import Logging
import MicroHTTP
import Navigation
import ServiceLifecycle

/// Keeps open pages up to date: a page whose screens observe topics (`Screen.observing(_:)`)
/// names a signed update stream in `<meta name="navigation-updates">`, and the library's script
/// keeps it open while the page is visible; when the app's store publishes a newer version of any
/// of the page's topics, the stream sends one `refresh` event and ends, and the page fetches its
/// own URL and merges it in place. Nothing else leaves the server: a signal carries no data.
///
/// ```swift
/// let updates = LiveUpdates(store: store, keys: ring)
/// let responder = try NavigationResponder(app: ShopApp(store: store), cookie: cookie, updates: updates)
/// let group = ServiceGroup(configuration: .init(services: [updates, server], logger: logger))
/// ```
///
/// It is a `Service`: run it beside the server (it listens to the store's changes until a
/// graceful shutdown, then ends every stream). No change is lost between drawing a page and
/// opening its stream: the page's versions come from the snapshot its data came from, and a
/// stream that opens behind them refreshes at once; so does one whose store missed changes
/// (`TopicChange.mayHaveMissed`). Without JavaScript a page is the snapshot it always was.
public final class LiveUpdates: Service, Sendable {
    /// Where the topics' versions live.
    public let store: any TopicStore
    /// How long a page's stream token opens a stream (12 hours by default); a page kept open
    /// longer than that stops updating until it is reloaded.
    public let tokenLifetime: Duration
    let keys: KeyRing
    private let watchers = Watchers()
    private let logger: Logger

    /// - Parameters:
    ///   - store: The app's store, which keeps the versions and announces changes.
    ///   - keys: The keys that sign the stream tokens: the state cookie's suit (tokens of each
    ///     kind are signed apart).
    ///   - tokenLifetime: How long a page's stream token opens a stream.
    ///   - logger: Where the service says when it cannot read the store.
    public init(
        store: any TopicStore, keys: KeyRing, tokenLifetime: Duration = .seconds(12 * 60 * 60),
        logger: Logger = Logger(label: "NavigationHTML.LiveUpdates")
    ) {
        self.store = store
        self.keys = keys
        self.tokenLifetime = tokenLifetime
        self.logger = logger
    }

    /// Listens to the store's changes and refreshes the pages behind them, until a graceful
    /// shutdown or cancellation; then ends every stream, whose pages reconnect after their
    /// `retry:` time.
    public func run() async throws {
        let changes = store.changes()
        // Streams may have opened before this listened: what they missed is read.
        await catchUp(on: await watchers.topics)
        await cancelWhenGracefulShutdown {
            for await change in changes { await self.apply(change) }
        }
        await watchers.endAll()
    }

    /// How many streams are open.
    public var openStreams: Int {
        get async { await watchers.count }
    }

    func apply(_ change: TopicChange) async {
        switch change {
        case .published(let versions):
            await watchers.refresh(behind: versions)
        case .mayHaveMissed:
            await catchUp(on: await watchers.topics)
        }
    }

    /// Keeps `stream` open for a page drawn from `versions`, and refreshes it at once when the
    /// store has already moved past them.
    func watch(_ stream: EventStream, versions: [Topic: Int]) async {
        let id = await watchers.add(stream, versions: versions)
        stream.onTermination { [watchers] in
            Task { await watchers.remove(id) }
        }
        // Read after adding: a change that commits in between is seen by one or the other.
        await catchUp(on: Set(versions.keys))
    }

    /// Refreshes the streams behind the versions `topics` have now.
    private func catchUp(on topics: Set<Topic>) async {
        guard !topics.isEmpty else { return }
        do {
            await watchers.refresh(behind: try await store.versions(of: topics))
        } catch {
            logger.warning("cannot read the versions of \(topics.count) topics: \(error)")
        }
    }

    /// The signed token of the stream for a page drawn from `versions` for `owner`.
    func token(versions: [Topic: Int], owner: String?, now: Date = Date()) -> String {
        let expires = Int(now.timeIntervalSince1970) + Int(tokenLifetime.components.seconds)
        return UpdateToken(versions: versions, owner: owner, expires: expires).sealed(with: keys)
    }
}

/// The open streams, by topic.
private actor Watchers {
    private struct Watcher {
        let stream: EventStream
        let versions: [Topic: Int]
    }

    private var watchers: [Int: Watcher] = [:]
    private var byTopic: [Topic: Set<Int>] = [:]
    private var nextID = 0

    var count: Int { watchers.count }
    var topics: Set<Topic> { Set(byTopic.keys) }

    func add(_ stream: EventStream, versions: [Topic: Int]) -> Int {
        nextID += 1
        watchers[nextID] = Watcher(stream: stream, versions: versions)
        for topic in versions.keys { byTopic[topic, default: []].insert(nextID) }
        return nextID
    }

    func remove(_ id: Int) {
        guard let watcher = watchers.removeValue(forKey: id) else { return }
        for topic in watcher.versions.keys {
            byTopic[topic]?.remove(id)
            if byTopic[topic]?.isEmpty == true { byTopic[topic] = nil }
        }
    }

    /// Sends `refresh` on, and ends, every stream whose page saw an older version of one of
    /// these topics.
    func refresh(behind versions: [Topic: Int]) {
        var due = Set<Int>()
        for (topic, version) in versions {
            for id in byTopic[topic] ?? [] where (watchers[id]?.versions[topic] ?? .max) < version {
                due.insert(id)
            }
        }
        for id in due {
            watchers[id]?.stream.finish(sending: "refresh")
            remove(id)
        }
    }

    func endAll() {
        for watcher in watchers.values { watcher.stream.finish() }
        watchers = [:]
        byTopic = [:]
    }
}
