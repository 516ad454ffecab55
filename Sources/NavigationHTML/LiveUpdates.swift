import Foundation
import Logging
import MicroHTTP
import Navigation
import ServiceLifecycle
import Synchronization

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
    private let recentTokens = RecentTokens()
    private let isListening = Atomic(false)
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
        // The changes are heard on a thread of the service's own: a refresh never waits for
        // Swift's cooperative threads, whatever holds them.
        let thread = UpdatesThread()
        defer { thread.finish() }
        await withTaskExecutorPreference(thread) {
            let changes = store.changes()
            isListening.store(true, ordering: .releasing)
            defer { isListening.store(false, ordering: .releasing) }
            // Streams may have opened before this listened: what they missed is read.
            await catchUp(on: watchers.topics)
            await cancelWhenGracefulShutdown {
                for await change in changes {
                    await self.apply(change)
                    // Writes that come meanwhile wait in the stream and are taken together: each
                    // one would otherwise wake this thread, a sixteenth of a save's CPU on a busy
                    // server. A page refreshes at most this much later.
                    try? await Task.sleep(for: Self.gathering)
                }
            }
        }
        watchers.endAll()
    }

    /// Runs the service for as long as `body` does: `body` starts once it listens to the store,
    /// and the service stops (ending every stream) when `body` returns or throws. For tests and
    /// helpers that run an app in a scope; a server runs it in its `ServiceGroup` instead.
    ///
    /// ```swift
    /// try await updates.running {
    ///     try await server.test(.live) { browser in … }
    /// }
    /// ```
    public func running<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.run() }
            defer { group.cancelAll() }
            while !isRunning { try await Task.sleep(for: .milliseconds(1)) }
            return try await body()
        }
    }

    /// How long the listener lets changes gather after handling one.
    static var gathering: Duration { .milliseconds(5) }

    /// How many streams are open.
    public var openStreams: Int { watchers.count }

    /// Whether ``run()`` is listening to the store's changes.
    public var isRunning: Bool { isListening.load(ordering: .acquiring) }

    func apply(_ change: TopicChange) async {
        switch change {
        case .published(let versions):
            watchers.refresh(behind: versions)
        case .mayHaveMissed:
            await catchUp(on: watchers.topics)
        }
    }

    /// Keeps `stream` open for a page drawn from `versions`, and refreshes it at once when the
    /// store has already moved past them.
    func watch(_ stream: EventStream, versions: [Topic: Int]) async {
        let id = watchers.add(stream, versions: versions)
        stream.onTermination { [watchers] in watchers.remove(id) }
        // Read after adding: a change that commits in between is seen by one or the other.
        await catchUp(on: Set(versions.keys))
    }

    /// Refreshes the streams behind the versions `topics` have now.
    private func catchUp(on topics: Set<Topic>) async {
        guard !topics.isEmpty else { return }
        do {
            watchers.refresh(behind: try await store.versions(of: topics))
        } catch {
            logger.warning("cannot read the versions of \(topics.count) topics: \(error)")
        }
    }

    /// The signed token of the stream for a page drawn from `versions` for `owner`.
    func token(versions: [Topic: Int], owner: String?, now: Date = Date()) -> String {
        recentTokens.token(
            versions: versions, owner: owner, now: Int(now.timeIntervalSince1970),
            lifetime: Int(tokenLifetime.components.seconds)
        ) { expires in
            UpdateToken(versions: versions, owner: owner, expires: expires).sealed(with: keys)
        }
    }
}

/// The open streams, by topic. Behind a lock, not an actor: a stream is added and removed on
/// the server's threads, and refreshed on the writer's or the listener's, none of which should
/// wait for another executor.
private final class Watchers: Sendable {
    private struct Watcher {
        let stream: EventStream
        let versions: [Topic: Int]
    }

    private struct State {
        var watchers: [Int: Watcher] = [:]
        var byTopic: [Topic: Set<Int>] = [:]
        var nextID = 0

        mutating func remove(_ id: Int) -> Watcher? {
            guard let watcher = watchers.removeValue(forKey: id) else { return nil }
            for topic in watcher.versions.keys {
                byTopic[topic]?.remove(id)
                if byTopic[topic]?.isEmpty == true { byTopic[topic] = nil }
            }
            return watcher
        }
    }

    private let state = Locked(State())

    var count: Int { state.withLock { $0.watchers.count } }
    var topics: Set<Topic> { state.withLock { Set($0.byTopic.keys) } }

    func add(_ stream: EventStream, versions: [Topic: Int]) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.watchers[state.nextID] = Watcher(stream: stream, versions: versions)
            for topic in versions.keys { state.byTopic[topic, default: []].insert(state.nextID) }
            return state.nextID
        }
    }

    func remove(_ id: Int) {
        _ = state.withLock { $0.remove(id) }
    }

    /// Sends `refresh` on, and ends, every stream whose page saw an older version of one of
    /// these topics.
    func refresh(behind versions: [Topic: Int]) {
        let due = state.withLock { state in
            var due = Set<Int>()
            for (topic, version) in versions {
                for id in state.byTopic[topic] ?? [] where (state.watchers[id]?.versions[topic] ?? .max) < version {
                    due.insert(id)
                }
            }
            return due.compactMap { state.remove($0)?.stream }
        }
        // Outside the lock: an ended stream's termination removes it again, under the lock.
        for stream in due { stream.finish(sending: "refresh") }
    }

    func endAll() {
        let streams = state.withLock { state in
            defer { state = State() }
            return state.watchers.values.map(\.stream)
        }
        for stream in streams { stream.finish() }
    }
}
