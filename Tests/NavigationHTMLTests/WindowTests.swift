import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// Two windows (browser tabs) of one browser, each naming itself in the window cookie as the
/// library's script does: each keeps its own stacks for the tabs it does not show; a request
/// that names no window is served the window last used.
@Suite struct WindowTests {
    let cookie = StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    /// One browser's cookie jar, shared by its windows.
    final class Browser: @unchecked Sendable {
        let responder: NavigationResponder<NotesApp>
        var state: String?

        init(_ responder: NavigationResponder<NotesApp>) { self.responder = responder }

        /// GET `path` from `window` (nil: a request no window named); the page's HTML.
        func get(_ path: String, from window: String?) async throws -> String {
            var cookies: [String: String] = [:]
            cookies["nav"] = state
            cookies["nav-window"] = window
            let response = try await responder.respond(to: Request(method: .get, path: path, cookies: cookies))
            if let value = response.cookies.first(where: { $0.name == "nav" })?.value { state = value }
            return String(decoding: response.bodyBytes, as: UTF8.self)
        }
    }

    static func tabHref(_ tab: String, in html: String) -> String? {
        html.firstMatch(of: try! Regex(#"class="tab tab-"# + tab + #"" href="([^"]*)""#)).map { String($0.output[1].substring ?? "") }
    }

    @Test func eachWindowKeepsItsOwnStacks() async throws {
        let browser = Browser(try NavigationResponder(app: NotesApp(), cookie: cookie))
        let first = try await browser.get("/notes/note/1", from: "A")
        #expect(first.contains(#"<meta name="navigation-window" content="nav-window" data-window="A">"#),
                "the script is told the cookie's name, and whose state the page shows")
        // Window B, new, starts as a copy of A, then goes its own way on Notes.
        #expect(Self.tabHref("notes", in: try await browser.get("/archive", from: "B")) == "/notes/note/1")
        _ = try await browser.get("/notes/note/3", from: "B")
        _ = try await browser.get("/archive/note/2", from: "B")

        let inA = try await browser.get("/archive", from: "A")
        #expect(Self.tabHref("notes", in: inA) == "/notes/note/1", "A's own Notes stack")
        let inB = try await browser.get("/archive", from: "B")
        #expect(Self.tabHref("notes", in: inB) == "/notes/note/3", "B's own")
        // No window named (curl, a new tab's first page): the window last used, B; the page says
        // it shows no window's own.
        let unnamed = try await browser.get("/archive", from: nil)
        #expect(Self.tabHref("notes", in: unnamed) == "/notes/note/3")
        #expect(unnamed.contains(#"<meta name="navigation-window" content="nav-window">"#))
        // A name that is not a window's is no window.
        #expect(Self.tabHref("notes", in: try await browser.get("/archive", from: "a b")) == "/notes/note/3")
        #expect(Self.tabHref("notes", in: try await browser.get("/archive", from: "A")) == "/notes/note/1")
    }

    /// A page whose own request named no window (Back, a reload) says so with its next request
    /// (`<id>.adopt`): what that request did is its window's.
    @Test func aWindowAdoptsTheRequestItDidNotName() async throws {
        let browser = Browser(try NavigationResponder(app: NotesApp(), cookie: cookie))
        _ = try await browser.get("/notes/note/1", from: "A")
        _ = try await browser.get("/notes/note/3", from: "B")
        // A's Back, unnamed; or a link A followed whose cookie came too late for the request.
        let back = try await browser.get("/notes/note/2", from: nil)
        #expect(!back.contains("data-window="), "the page tells its script it shows no window's own state")
        let adopted = try await browser.get("/archive", from: "A.adopt")
        #expect(Self.tabHref("notes", in: adopted) == "/notes/note/2")
        #expect(adopted.contains(#"data-window="A""#))
        #expect(Self.tabHref("notes", in: try await browser.get("/archive", from: "B")) == "/notes/note/3")
        #expect(Self.tabHref("notes", in: try await browser.get("/archive", from: "A")) == "/notes/note/2")
    }

    /// A request from the window in use that changes nothing sets no cookie; one from another
    /// window does (the windows moved).
    @Test func switchingWindowsWritesTheCookieAndStayingDoesNot() async throws {
        let responder = try NavigationResponder(app: NotesApp(), cookie: cookie)
        let first = try await responder.respond(to: Request(method: .get, path: "/notes/note/1", cookies: ["nav-window": "A"]))
        let value = try #require(first.cookies.first?.value)
        let same = try await responder.respond(to: Request(method: .get, path: "/notes/note/1", cookies: ["nav": value, "nav-window": "A"]))
        #expect(same.cookies.isEmpty)
        let other = try await responder.respond(to: Request(method: .get, path: "/notes/note/1", cookies: ["nav": value, "nav-window": "B"]))
        #expect(!other.cookies.isEmpty)
    }
}
