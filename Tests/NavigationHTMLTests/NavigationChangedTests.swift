import MicroHTTP
import Navigation
import NavigationHTML
import Synchronization
import Testing

/// The notes app, recording each navigation change it is told of.
private struct ObservedNotesApp: NavigationApp {
    typealias Schema = Notes
    let name = "Notes"
    let notes = NotesApp()
    let changes = Changes()

    func navigationChanged(_ movement: NavigationMovement, context: ScreenContext<Notes>) async {
        changes.told.withLock { $0.append((movement, context.state.url)) }
    }
    func title(for route: NoteRoute) throws -> String { try notes.title(for: route) }
    func root(of tab: NoteTab, context: ScreenContext<Notes>) throws -> Screen { try notes.root(of: tab, context: context) }
    func screen(for route: NoteRoute, context: ScreenContext<Notes>) throws -> Screen {
        try notes.screen(for: route, context: context)
    }
    func screen(for destination: NoteDestination, context: ScreenContext<Notes>) throws -> Screen {
        .list("Help", sections: [])
    }
}

/// What the app was told, in order.
private final class Changes: Sendable {
    let told = Mutex<[(NavigationMovement, String)]>([])
}

/// `NavigationApp.navigationChanged`: once per change of what the page shows, as SwiftUI's
/// `onChange(of: path)`, never for a reload.
@Suite struct NavigationChangedTests {
    let cookie = StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    @Test func eachChangeIsToldOnceAndAReloadIsNot() async throws {
        let app = ObservedNotesApp()
        let responder = try NavigationResponder(app: app, cookie: cookie)
        var held: String?
        var previous: String?
        func visit(_ url: String) async throws {
            let (path, query) = url.split(separator: "?").map(String.init).splitQuery
            var headers: [(String, String)] = []
            if let previous { headers.append(("Referer", "http://127.0.0.1" + previous)) }
            let response = try await responder.respond(to: Request(
                method: .get, path: path, query: query, headers: HTTPHeaders(headers),
                cookies: held.map { ["nav": $0] } ?? [:]))
            #expect(response.status == .ok, "\(url)")
            held = response.cookies.first { $0.name == "nav" }?.value ?? held
            previous = url
        }
        try await visit("/notes")
        #expect(app.changes.told.withLock { $0.isEmpty }, "a first visit has no page before it")
        try await visit("/notes/note/1")
        try await visit("/notes/note/1")
        try await visit("/notes/note/1?present=help")
        try await visit("/notes/note/1?present=help")
        try await visit("/notes/note/1")
        try await visit("/archive")
        try await visit("/notes/note/1/note/2")
        let told = app.changes.told.withLock { $0 }
        #expect(told.map(\.0) == [.push, .present, .dismiss, .tab, .tab], "\(told)")
        #expect(told.map(\.1) == ["/notes/note/1", "/notes/note/1?present=help", "/notes/note/1", "/archive",
                                  "/notes/note/1/note/2"])
    }
}

private extension Array where Element == String {
    /// `[path, query]` as a path and its query arguments.
    var splitQuery: (String, [String: String]) {
        let pairs = count > 1 ? self[1].split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) } : []
        return (self[0], Dictionary(pairs.map { ($0[0], $0.count > 1 ? $0[1] : "") }) { $1 })
    }
}
