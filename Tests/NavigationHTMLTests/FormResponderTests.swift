import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// Forms, alerts and split views through the responder alone, on the README's examples.
@Suite struct FormResponderTests {
    let cookie = StateCookie<EditableNotes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    func responder(_ app: EditableNotesApp = EditableNotesApp()) async throws -> NavigationResponder<EditableNotesApp> {
        try NavigationResponder(app: app, cookie: cookie)
    }

    /// GETs `path`, then posts `fields` with the page's token and cookie, as a browser would.
    func post(_ fields: [String: String], to path: String, query: [String: String],
              with responder: NavigationResponder<EditableNotesApp>) async throws -> Response {
        let page = try await responder.respond(to: Request(method: .get, path: path, query: query))
        let html = String(decoding: page.bodyBytes, as: UTF8.self)
        let token = try #require(html.firstMatch(of: #/name="_token" value="([^"]*)"/#)?.output.1)
        let value = try #require(page.cookies.first?.value)
        return try await responder.respond(to: Request(method: .post, path: path, query: query,
                                                 cookies: ["nav": value], form: fields.merging(["_token": String(token)]) { $1 }))
    }

    @Test func saveRedirectsToTheScreenBehindAndInvalidInputIs422() async throws {
        let app = EditableNotesApp()
        let responder = try await responder(app)
        let saved = try await post(["_action": "save", "text": "Buy oat milk"], to: "/notes/note/1", query: ["present": "edit/1"], with: responder)
        #expect(saved.status == .seeOther)
        #expect(saved.headers["Location"] == "/notes/note/1")
        #expect(try app.text(1) == "Buy oat milk")

        let rejected = try await post(["_action": "save", "text": "  "], to: "/notes/note/1", query: ["present": "edit/1"], with: responder)
        #expect(rejected.status == .unprocessableContent)
        let html = String(decoding: rejected.bodyBytes, as: UTF8.self)
        #expect(html.contains("Write something."))
        #expect(html.contains("presentation sheet detent-medium"))
    }

    @Test func deleteThroughTheDialogPopsTheScreenAndForgedPostsAreRefused() async throws {
        let app = EditableNotesApp()
        let responder = try await responder(app)
        await #expect(throws: HTTPError.self) {
            try await responder.respond(to: Request(method: .post, path: "/notes/note/2", query: ["present": "delete/2"],
                                              form: ["_action": "delete", "_token": "forged"]))
        }
        #expect(try app.text(2) == "Call Sam", "a refused post changes nothing")
        let deleted = try await post(["_action": "delete"], to: "/notes/note/2", query: ["present": "delete/2"], with: responder)
        #expect(deleted.headers["Location"] == "/notes")
        #expect(throws: HTTPError.self) { try app.text(2) }
    }

    @Test func aControlCharacterInAnyFieldIsRefusedBeforeTheAppSeesIt() async throws {
        let app = EditableNotesApp()
        let responder = try await responder(app)
        for (fields, field) in [(["text": "Buy\u{0}milk"], "text"), (["text": "fine", "other": "\u{1B}[2J"], "other"),
                                (["text": "fine", "na\u{7}me": "x"], "na\u{7}me")] {
            let answer = try await post(fields.merging(["_action": "save"]) { $1 }, to: "/notes/note/1",
                                        query: ["present": "edit/1"], with: responder)
            #expect(answer.status == .unprocessableContent)
            let html = String(decoding: answer.bodyBytes, as: UTF8.self)
            #expect(html.contains("holds a control character"), "\(field)")
            #expect(!html.contains("\u{0}") && !html.contains("\u{1B}") && !html.contains("\u{7}"), "never drawn back raw")
        }
        #expect(try app.text(1) == "Buy milk", "nothing was saved")
        // Tabs and line breaks are text: the app decides whether its field may hold them.
        let multiline = try await post(["_action": "save", "text": "Buy\r\n\toat milk"], to: "/notes/note/1",
                                       query: ["present": "edit/1"], with: responder)
        #expect(multiline.status == .seeOther)
    }

    @Test func aFieldThatBreaksItsRuleIsAnswered422BesideTheField() async throws {
        let app = EditableNotesApp()
        let responder = try await responder(app)
        let flood = "a" + String(repeating: "\u{301}", count: 200)   // one character, 401 bytes
        for text in [flood, String(repeating: "x", count: 21), "two\nlines"] {
            let answer = try await post(["_action": "saveShort", "text": text], to: "/notes/note/1",
                                        query: ["present": "edit/1"], with: responder)
            #expect(answer.status == .unprocessableContent)
            let html = String(decoding: answer.bodyBytes, as: UTF8.self)
            #expect(html.contains(#"aria-describedby="field-text-error""#), "the message is the field's")
        }
        #expect(try app.text(1) == "Buy milk")
        let saved = try await post(["_action": "saveShort", "text": "Zoë’s 🧑‍🍳 list"], to: "/notes/note/1",
                                   query: ["present": "edit/1"], with: responder)
        #expect(saved.status == .seeOther)
        #expect(try app.text(1) == "Zoë’s 🧑‍🍳 list")
    }

    @Test func aQueryArgumentWithAControlCharacterIs422() async throws {
        let responder = try await responder()
        await #expect(throws: HTTPError.self) {
            try await responder.respond(to: Request(method: .get, path: "/notes", query: ["q": "pie\u{1}"]))
        }
        do {
            _ = try await responder.respond(to: Request(method: .get, path: "/notes", query: ["q": "a\nb"]))
            Issue.record("a line break in a query argument was taken")
        } catch let error as HTTPError {
            #expect(error.status == .unprocessableContent)
            #expect(error.message.contains("query argument “q”"))
        }
    }

    @Test func theSplitViewShowsColumnsAndAPlaceholder() async throws {
        let responder = try await responder()
        let root = String(decoding: try await responder.respond(to: Request(method: .get, path: "/notes")).bodyBytes, as: UTF8.self)
        #expect(root.contains(#"<div class="split split-2">"#))
        #expect(root.contains(#"<div class="unavailable">"#) && root.contains(#"<h2 id="detail-title">Select a Note</h2>"#))
        let selected = String(decoding: try await responder.respond(to: Request(method: .get, path: "/notes/note/3")).bodyBytes, as: UTF8.self)
        #expect(selected.contains(#"<h2 class="column-title" id="detail-title">Note 3</h2>"#))
        #expect(selected.contains(#"href="/notes/note/3" aria-current="true""#))
    }
}
