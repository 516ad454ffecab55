import MicroHTTP
import Navigation
import NavigationHTML
import Synchronization
import Testing

/// The notes app reading `/n/<title>` with its data, and counting what it was asked.
private struct LinkedNotesApp: NavigationApp {
    typealias Schema = Notes
    let name = "Notes"
    let notes = NotesApp()
    let asked = Asked()

    func deepLink(_ path: PathReader, query: [String: String]) async throws -> DeepLink<Notes>? {
        asked.count.withLock { $0 += 1 }
        var path = path
        guard path.next() == "n", let title = path.next() else { return nil }
        guard let id = (1...3).first(where: { "Note \($0)" == title }) else {
            throw HTTPError(.notFound, "There is no note called \(title).")
        }
        return DeepLink(Location(tab: .archive, path: [.note(id: id)]), arguments: ["from": query["from"] ?? "link"])
    }
    func title(for route: NoteRoute) throws -> String { try notes.title(for: route) }
    func root(of tab: NoteTab, context: ScreenContext<Notes>) throws -> Screen { try notes.root(of: tab, context: context) }
    func screen(for route: NoteRoute, context: ScreenContext<Notes>) throws -> Screen {
        try notes.screen(for: route, context: context)
    }
}

private final class Asked: Sendable {
    let count = Mutex(0)
}

/// `NavigationApp.deepLink(_:query:)`: asked for paths that name no tab, answered with a 303 to
/// the link's URL, a 404 page with the app's reason, or left to the schema.
@Suite struct AppDeepLinkTests {
    let cookie = StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    @Test func aLinkTheAppReadsIsARedirectToItsURLWithItsArguments() async throws {
        let app = LinkedNotesApp()
        let responder = try NavigationResponder(app: app, cookie: cookie)
        let linked = try await responder.respond(to: Request(method: .get, path: "/n/Note 2", query: ["from": "mail & news"]))
        #expect(linked.status == .seeOther)
        #expect(linked.headers["Location"] == "/archive/note/2?from=mail%20%26%20news")
        #expect(linked.headers["Cache-Control"] == "no-store")
        let missing = try await responder.respond(to: Request(method: .get, path: "/n/Note 9"))
        #expect(missing.status == .notFound)
        #expect(String(decoding: missing.bodyBytes, as: UTF8.self).contains("There is no note called Note 9."))
        let unread = try await responder.respond(to: Request(method: .get, path: "/elsewhere"))
        #expect(unread.status == .notFound, "left to the schema, which does not read it either")
        let asked = app.asked.count.withLock { $0 }
        _ = try await responder.respond(to: Request(method: .get, path: "/notes/note/1"))
        _ = try await responder.respond(to: Request(method: .get, path: "/"))
        #expect(app.asked.count.withLock { $0 } == asked, "a tab's path and the root never ask")
    }
}
