import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Synchronization
import Testing

/// Topic versions in memory, announced as they change: the smallest `TopicStore`.
private final class MemoryTopics: TopicStore {
    private let stored = Mutex<[Topic: Int]>([:])
    let broadcast = TopicBroadcast()

    func versions(of topics: Set<Topic>) -> [Topic: Int] {
        stored.withLock { stored in topics.reduce(into: [:]) { $0[$1] = stored[$1] ?? 0 } }
    }

    func changes() -> AsyncStream<TopicChange> { broadcast.subscribe() }

    /// A write that changes `topic`: its version moves, and is announced unless `silently`.
    @discardableResult
    func write(_ topic: Topic, silently: Bool = false) -> Int {
        let version = stored.withLock { stored in
            stored[topic, default: 0] += 1
            return stored[topic]!
        }
        if !silently { broadcast.publish([topic: version]) }
        return version
    }
}

/// Notes whose list observes `notes` and each note `notes/ID`; the archive observes nothing.
private struct ObservedNotes: NavigationApp {
    typealias Schema = Notes
    let name = "Notes"
    func title(for route: NoteRoute) throws -> String {
        guard case .note(let id) = route else { throw HTTPError(.notFound) }
        return "Note \(id)"
    }
    func root(of tab: NoteTab, context: ScreenContext<Notes>) throws -> Screen {
        let list = Screen.list(tab.title, sections: [ListSection(rows: [ListRow("Note 1", href: context.href(.push(.note(id: 1))))])])
        return tab == .notes ? list.observing("notes") : list
    }
    func screen(for route: NoteRoute, context: ScreenContext<Notes>) throws -> Screen {
        guard case .note(let id) = route else { throw HTTPError(.notFound) }
        return Screen.list("Note \(id)", sections: []).observing(Topic("notes/\(id)"), "notes")
    }
}

private let keys = KeyRing(secrets: ["a secret of at least sixteen characters"])!

/// The responder with live updates over `topics`, their service running for as long as `body`.
private func withUpdates(
    _ topics: MemoryTopics, tokenLifetime: Duration = .seconds(3600),
    _ body: (NavigationResponder<ObservedNotes>, LiveUpdates) async throws -> Void
) async throws {
    let updates = LiveUpdates(store: topics, keys: keys, tokenLifetime: tokenLifetime)
    let responder = try NavigationResponder(
        app: ObservedNotes(), cookie: StateCookie<Notes>(keys: keys), updates: updates)
    try await updates.running { try await body(responder, updates) }
}

/// The update stream's URL in the page at `path`, or nil when it names none.
private func updatesURL(_ responder: NavigationResponder<ObservedNotes>, at path: String) async throws -> String? {
    let response = try await responder.respond(to: Request(method: .get, path: path))
    let html = String(decoding: response.bodyBytes, as: UTF8.self)
    guard let meta = html.range(of: "<meta name=\"navigation-updates\" content=\"") else { return nil }
    let rest = html[meta.upperBound...]
    return String(rest[..<rest.firstIndex(of: "\"")!])
}

/// What the stream at `url` answers: its status, and its events as they come.
private func open(_ url: String, on responder: NavigationResponder<ObservedNotes>, cookies: [String: String] = [:])
    async throws -> (status: HTTPStatus, received: AsyncStream<[UInt8]>?)
{
    let query = (URLComponents(string: url)!.queryItems ?? []).reduce(into: [String: String]()) { $0[$1.name] = $1.value }
    let response = try await responder.respond(
        to: Request(method: .get, path: URLComponents(string: url)!.path, query: query, cookies: cookies))
    guard case .events(let stream) = response.body else { return (response.status, nil) }
    return (response.status, stream.received())
}

/// Everything the stream sends until it ends.
private func rest(of received: AsyncStream<[UInt8]>) async -> String {
    var text = ""
    for await bytes in received { text += String(decoding: bytes, as: UTF8.self) }
    return text
}

@Suite struct LiveUpdatesTests {
    @Test func aPageNamesTheStreamOfWhatItsScreensObserveWithTheVersionsItSaw() async throws {
        let topics = MemoryTopics()
        topics.write("notes")
        topics.write("notes/1")
        topics.write("notes/1")
        try await withUpdates(topics) { responder, _ in
            let url = try #require(try await updatesURL(responder, at: "/notes/note/1"))
            #expect(url.hasPrefix("/_navigation/updates?token="))
            let token = try #require(UpdateToken(opening: String(url.dropFirst("/_navigation/updates?token=".count)), with: keys))
            #expect(token.versions == ["notes": 1, "notes/1": 2])
            #expect(token.owner == nil)
            #expect(token.isValid())
            #expect(!token.isValid(at: Date().addingTimeInterval(3601)))
            // A screen that observes nothing names no stream; nor does an app without updates.
            #expect(try await updatesURL(responder, at: "/archive") == nil)
        }
        let plain = try NavigationResponder(app: ObservedNotes(), cookie: StateCookie<Notes>(keys: keys))
        let html = String(decoding: try await plain.respond(to: Request(method: .get, path: "/notes")).bodyBytes, as: UTF8.self)
        #expect(!html.contains("navigation-updates"))
    }

    @Test func aWriteToAnObservedTopicRefreshesThePageOnceAndEndsItsStream() async throws {
        let topics = MemoryTopics()
        try await withUpdates(topics) { responder, updates in
            let url = try #require(try await updatesURL(responder, at: "/notes/note/1"))
            let (status, received) = try await open(url, on: responder)
            #expect(status == .ok)
            var events = try #require(received).makeAsyncIterator()
            let first = String(decoding: await events.next() ?? [], as: UTF8.self)
            #expect(first.hasPrefix("retry: "))
            #expect((2_000...8_000).contains(Int(first.dropFirst(7).prefix { $0.isNumber }) ?? 0))
            // Another note's topic is not this page's.
            topics.write("notes/2")
            topics.write("notes/1")
            #expect(await events.next().map { String(decoding: $0, as: UTF8.self) } == "event: refresh\ndata: \n\n")
            #expect(await events.next() == nil)
            try await waitUntil { updates.openStreams == 0 }
        }
    }

    @Test func aStreamOpenedAfterAWriteItsPageMissedRefreshesAtOnce() async throws {
        let topics = MemoryTopics()
        try await withUpdates(topics) { responder, _ in
            let url = try #require(try await updatesURL(responder, at: "/notes"))
            topics.write("notes")   // between drawing the page and opening its stream
            let (_, received) = try await open(url, on: responder)
            #expect(await rest(of: try #require(received)).hasSuffix("event: refresh\ndata: \n\n"))
        }
    }

    @Test func changesTheStoreMayHaveMissedAreReadAgain() async throws {
        let topics = MemoryTopics()
        try await withUpdates(topics) { responder, updates in
            let url = try #require(try await updatesURL(responder, at: "/notes"))
            let (_, received) = try await open(url, on: responder)
            try await waitUntil { updates.openStreams == 1 }
            topics.write("notes", silently: true)   // another instance wrote; its notice was lost
            topics.broadcast.missed()
            #expect(await rest(of: try #require(received)).hasSuffix("event: refresh\ndata: \n\n"))
        }
    }

    @Test func forgedTamperedExpiredOrMissingTokensGetNoStream() async throws {
        let topics = MemoryTopics()
        try await withUpdates(topics, tokenLifetime: .seconds(0)) { responder, _ in
            let expired = try #require(try await updatesURL(responder, at: "/notes"))
            #expect(try await open(expired, on: responder).status == .noContent)
        }
        try await withUpdates(topics) { responder, _ in
            let url = try #require(try await updatesURL(responder, at: "/notes"))
            let token = String(url.dropFirst("/_navigation/updates?token=".count))
            let other = KeyRing(secrets: ["another secret of sixteen characters"])!
            let forged = UpdateToken(versions: ["notes": 0], owner: nil, expires: Int(Date().timeIntervalSince1970) + 60)
                .sealed(with: other)
            var tampered = Array(token)
            tampered[3] = tampered[3] == "A" ? "B" : "A"
            for bad in [forged, String(tampered), "", "x.y", String(token.dropLast(2))] {
                let answer = try await open("/_navigation/updates?token=\(bad)", on: responder)
                #expect(answer.status == .noContent, "token \(bad)")
                #expect(answer.received == nil)
            }
            #expect(try await open("/_navigation/updates", on: responder).status == .noContent)
        }
    }

    @Test func stoppingTheServiceEndsEveryStream() async throws {
        let topics = MemoryTopics()
        let updates = LiveUpdates(store: topics, keys: keys)
        let responder = try NavigationResponder(
            app: ObservedNotes(), cookie: StateCookie<Notes>(keys: keys), updates: updates)
        let running = Task { try await updates.run() }
        try await waitUntil { updates.isRunning }
        let url = try #require(try await updatesURL(responder, at: "/notes"))
        let (_, received) = try await open(url, on: responder)
        try await waitUntil { updates.openStreams == 1 }
        running.cancel()
        let text = await rest(of: try #require(received))
        #expect(text.hasPrefix("retry: "))
        #expect(!text.contains("refresh"))
    }

    @Test func tokensReadBackWhatTheyHoldAndNothingElse() {
        let token = UpdateToken(versions: ["a\tb\n%": 3, "orders/ORD-1": 0], owner: "7.2\n", expires: 99)
        #expect(UpdateToken(opening: token.sealed(with: keys), with: keys) == token)
        for message in ["", "1", "2\n99\n-", "1\n99\nx", "1\nx\n-", "1\n99\n-\na", "1\n99\n-\na\t-1", "1\n99\n-\na\t1\na\t2"] {
            #expect(UpdateToken(message: message) == nil, "\(message.debugDescription)")
        }
        #expect(UpdateToken(message: "1\n99\n-") == UpdateToken(versions: [:], owner: nil, expires: 99))
    }
}

/// Waits up to two seconds for `condition`.
private func waitUntil(_ condition: () async throws -> Bool) async throws {
    for _ in 0..<200 {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("the condition did not come true within 2 s")
}
