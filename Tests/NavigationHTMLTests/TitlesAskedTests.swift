import MicroHTTP
import Navigation
import NavigationHTML
import Synchronization
import Testing

/// The notes app, recording which screens each request asks titles of.
private struct AskedNotesApp: NavigationApp {
    typealias Schema = Notes
    let name = "Notes"
    let notes = NotesApp()
    let asked = AskedRoutes()

    func titles(of routes: Set<NoteRoute>) async throws -> [NoteRoute: String] {
        asked.record(routes)
        return routes.reduce(into: [:]) { titles, route in titles[route] = try? notes.title(for: route) }
    }
    func title(for route: NoteRoute) throws -> String { try notes.title(for: route) }
    func root(of tab: NoteTab, context: ScreenContext<Notes>) throws -> Screen { try notes.root(of: tab, context: context) }
    func screen(for route: NoteRoute, context: ScreenContext<Notes>) throws -> Screen {
        try notes.screen(for: route, context: context)
    }
}

/// Each question's routes, in order.
private final class AskedRoutes: Sendable {
    private let questions = Mutex<[Set<NoteRoute>]>([])
    func record(_ routes: Set<NoteRoute>) { questions.withLock { $0.append(routes) } }
    var all: [Set<NoteRoute>] { questions.withLock { $0 } }
}

/// A page asks the titles of what it shows, once: not of the other tabs' stacks.
@Suite struct TitlesAskedTests {
    let cookie = StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    @Test func aPageAsksOnceAndOnlyForTheScreensItShows() async throws {
        let app = AskedNotesApp()
        let responder = try NavigationResponder(app: app, cookie: cookie)
        let archive = try await responder.respond(to: Request(method: .get, path: "/archive/note/3"))
        let held = try #require(archive.cookies.first { $0.name == "nav" }?.value)

        let notes = try await responder.respond(to: Request(method: .get, path: "/notes/note/1/note/2", cookies: ["nav": held]))
        #expect(notes.status == .ok)
        let asked = app.asked.all
        #expect(asked.count == 2, "one question per request")
        #expect(asked.last == [.note(id: 1), .note(id: 2)], "the archive's stack is not asked about on a page of notes")
    }

    @Test func aRememberedScreenThatNoLongerExistsGoesWhenItsTabShows() async throws {
        let responder = try NavigationResponder(app: AskedNotesApp(), cookie: cookie)
        // Note 9 never existed: a deep link to it is cut with the app's 404, not remembered.
        let deep = try await responder.respond(to: Request(method: .get, path: "/archive/note/1/note/9"))
        #expect(deep.status == .notFound)
        let held = try #require(deep.cookies.first { $0.name == "nav" }?.value)
        let state = try #require(cookie.decode(held))
        #expect(state[.archive].path.elements == [.note(id: 1)], "what is remembered is valid")
    }
}
