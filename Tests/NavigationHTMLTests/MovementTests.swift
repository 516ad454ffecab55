import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// Each page says how it was reached (`<html data-transition="…">`), from the cookie (the stack
/// the last page showed) and the Referer (its presentation), so the stylesheet's view
/// transitions can slide, raise or fade without a script.
@Suite struct MovementTests {
    let cookie = StateCookie<EditableNotes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    func responder() throws -> NavigationResponder<EditableNotesApp> {
        try NavigationResponder(app: EditableNotesApp(), cookie: cookie)
    }

    /// The page at `path` (with `query`) after the page at `before`, and how it says it moved.
    func movement(to path: String, query: [String: String] = [:], after before: String?, referer: String? = nil) async throws -> String {
        let responder = try responder()
        var cookies: [String: String] = [:]
        if let before {
            let (beforePath, beforeQuery) = split(before)
            let earlier = try await responder.respond(to: Request(method: .get, path: beforePath, query: beforeQuery))
            cookies["nav"] = try #require(earlier.cookies.first { $0.name == "nav" }).value
        }
        var headers = HTTPHeaders()
        if let referer { headers.replace("Referer", referer) }
        let page = try await responder.respond(to: Request(method: .get, path: path, query: query, headers: headers, cookies: cookies))
        let html = String(decoding: page.bodyBytes, as: UTF8.self)
        let found = try #require(html.firstMatch(of: /<html [^>]*data-transition="([^"]*)"/)).1.description
        return found
    }

    func split(_ url: String) -> (String, [String: String]) {
        let parts = url.split(separator: "?", maxSplits: 1).map(String.init)
        var query: [String: String] = [:]
        for argument in parts.dropFirst().first?.split(separator: "&") ?? [] {
            let pair = argument.split(separator: "=", maxSplits: 1).map(String.init)
            query[pair[0]] = pair.count == 2 ? pair[1] : ""
        }
        return (parts[0], query)
    }

    @Test func stacksAndTabsComeFromTheCookie() async throws {
        #expect(try await movement(to: "/notes", after: nil) == "none", "a first visit has nothing to move from")
        #expect(try await movement(to: "/notes/note/2", after: "/notes") == "push")
        #expect(try await movement(to: "/notes", after: "/notes/note/2") == "pop")
        #expect(try await movement(to: "/notes/note/3", after: "/notes/note/2") == "replace")
        #expect(try await movement(to: "/archive", after: "/notes/note/2") == "tab")
    }

    @Test func presentationsComeFromTheURLAndTheReferer() async throws {
        #expect(try await movement(to: "/notes/note/2", query: ["present": "edit/2"], after: "/notes/note/2") == "present")
        let sheet = "http://127.0.0.1:8080/notes/note/2?present=edit/2"
        #expect(try await movement(to: "/notes/note/2", after: "/notes/note/2?present=edit/2", referer: sheet) == "dismiss")
        #expect(try await movement(to: "/notes/note/2", after: "/notes/note/2?present=edit/2") == "none",
                "without the Referer the sheet is not known: the cookie keeps no presentation")
    }

    /// Back and Forward send the Referer of the entry they return to: one that did not show the
    /// remembered stack is not believed.
    @Test func aRefererThatDisagreesWithTheCookieIsIgnored() async throws {
        let elsewhere = "http://127.0.0.1:8080/notes/note/3?present=edit/3"
        #expect(try await movement(to: "/notes/note/2", after: "/notes/note/1", referer: elsewhere) == "replace")
        for hostile in ["present=", "::::present=//", "http://[::1/?present=%ZZ", String(repeating: "present=/", count: 500)] {
            #expect(try await movement(to: "/notes/note/2", after: "/notes", referer: hostile) == "push", "\(hostile)")
        }
    }
}
