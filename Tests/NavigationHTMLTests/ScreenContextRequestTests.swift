import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// An app's screens see the request they answer: its headers, its client as the trusted-proxy
/// rules read it, and its id, with which their own log lines are tagged.
@Suite struct ScreenContextRequestTests {
    struct GreetingApp: NavigationApp {
        typealias Schema = Notes
        let name = "Greeting"
        func title(for route: NoteRoute) -> String { "Note" }
        func root(of tab: NoteTab, context: ScreenContext<Notes>) -> Screen {
            .list(tab.title, sections: [ListSection(rows: [
                ListRow("Language", value: context.request.headers["Accept-Language"] ?? "none"),
                ListRow("Client", value: context.clientAddress),
                ListRow("Request", value: context.logger[metadataKey: "request_id"].map { "\($0)" } ?? "untagged"),
            ])])
        }
        func screen(for route: NoteRoute, context: ScreenContext<Notes>) -> Screen { .list("Note", sections: []) }
    }

    @Test func aScreenReadsItsRequest() async throws {
        let responder = try NavigationResponder(
            app: GreetingApp(), cookie: StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!))
        let request = Request(
            method: .get, path: "/notes", headers: HTTPHeaders([("Accept-Language", "de-CH")]),
            clientAddress: "203.0.113.7", id: "5f3a9c0e12b4d7a8-2a")
        let page = String(decoding: try await responder.respond(to: request).bodyBytes, as: UTF8.self)
        #expect(page.contains(#"<span class="row-value">de-CH</span>"#), "the request's header")
        #expect(page.contains(#"<span class="row-value">203.0.113.7</span>"#), "the client's address")
        #expect(page.contains(#"<span class="row-value">5f3a9c0e12b4d7a8-2a</span>"#), "the logger names the request")
    }
}
