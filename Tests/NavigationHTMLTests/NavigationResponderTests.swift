import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// The responder on its own, called with request values: what a library user's app gets.
@Suite struct NavigationResponderTests {
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates").path
    let cookie = StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    func responder() async throws -> NavigationResponder<NotesApp> {
        try NavigationResponder(app: NotesApp(), cookie: cookie)
    }

    func html(_ response: Response) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

    @Test func rendersTheScreenInsideTheChrome() async throws {
        let response = try await responder().respond(to: Request(method: .get, path: "/notes/note/2"))
        #expect(response.status == .ok)
        let page = html(response)
        #expect(page.contains("<title>Note 2 – Notes</title>"))
        #expect(page.contains(#"<a class="back" href="/notes" rel="prev"><span aria-hidden="true">‹</span> Notes</a>"#))
        #expect(page.contains(#"<a class="tab tab-archive" href="/archive"><span class="tab-label">Archive</span></a>"#))
        #expect(page.contains(#"<a class="tab tab-notes" href="/notes" aria-current="page"><span class="tab-label">Notes</span></a>"#))
        #expect(page.contains("Written today"))
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    @Test func theCookieCarriesHiddenStacksAndIsSetOnlyWhenTheStateChanges() async throws {
        let responder = try await responder()
        let first = try await responder.respond(to: Request(method: .get, path: "/notes/note/3"))
        let value = try #require(first.cookies.first { $0.name == "nav" }?.value)
        #expect(cookie.decode(value)?[.notes].path.elements == [.note(id: 3)])

        let archive = try await responder.respond(to: Request(method: .get, path: "/archive", cookies: ["nav": value]))
        #expect(html(archive).contains(#"<a class="tab tab-notes" href="/notes/note/3"><span class="tab-label">Notes</span></a>"#))
        let archived = try #require(archive.cookies.first?.value)
        #expect(cookie.decode(archived)?.selectedTab == .archive)

        let same = try await responder.respond(to: Request(method: .get, path: "/archive", cookies: ["nav": archived]))
        #expect(same.cookies.isEmpty)
    }

    @Test func missingItemsCutTheStackAndAnswer404() async throws {
        let response = try await responder().respond(to: Request(method: .get, path: "/notes/note/1/note/9/note/2"))
        #expect(response.status == .notFound)
        let page = html(response)
        #expect(page.contains("No such note."))
        #expect(page.contains(#"<link rel="canonical" href="/notes/note/1">"#))
        let value = try #require(response.cookies.first?.value)
        #expect(cookie.decode(value)?[.notes].path.elements == [.note(id: 1)])
    }

    @Test func anUnpresentableDestinationIsDroppedWith404() async throws {
        let response = try await responder().respond(to: Request(method: .get, path: "/notes", query: ["present": "help"]))
        #expect(response.status == .notFound)
        #expect(!html(response).contains("role=\"dialog\""))
    }

    @Test func jsonAndMethods() async throws {
        let responder = try await responder()
        var headers = HTTPHeaders()
        headers.add("Accept", "application/json")
        let json = try await responder.respond(to: Request(method: .get, path: "/archive/note/1", headers: headers))
        #expect(String(decoding: json.bodyBytes, as: UTF8.self)
            == #"{"context":null,"features":[],"flow":null,"hiddenTabs":[],"presentation":null,"sceneStorage":{},"selectedTab":"archive","tabOrder":["notes","archive"],"tabs":{"archive":{"path":[{"note":{"id":1}}]},"notes":{"path":[]}}}"#)
        await #expect(throws: HTTPError.self) {
            try await responder.respond(to: Request(method: .post, path: "/notes"))
        }
    }
}
