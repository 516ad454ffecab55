import Foundation
import NotesApp
import Testing

/// The example against its real server on a free port: the URLs its `Codable` routes give, the
/// split view, the sheet and its form, and what a bad request gets.
@Suite struct NotesServerTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `body` against a started server, stopped on every path.
    func withServer(_ body: (_ port: Int, _ store: NoteStore) throws -> Void) throws {
        let store = NoteStore()
        let server = try NotesServer.make(
            port: 0, templates: Self.repository.appendingPathComponent("Templates").path,
            publicFolder: Self.repository.appendingPathComponent("Public").path,
            secret: "a test secret of sixteen characters or more", store: store)
        try server.start()
        defer { server.shutdown() }
        try body(server.port, store)
    }

    @Test func aDeepLinkShowsTheSplitViewWithLinksFromTheCodableRoutes() throws {
        try withServer { port, _ in
            let page = try HTTPExchange.send("GET", "/notes/folder/Work/note/2", port: port)
            #expect(page.status == 200)
            #expect(page.body.contains("<title>Call Sam – Notes</title>"))
            #expect(page.body.contains("About the invoice."))
            #expect(page.body.contains(#"href="/notes/folder/Work/note/1""#), "the other note of the folder")
            #expect(page.body.contains(#"href="/notes/folder/Home""#), "the other folder, in the sidebar")
            #expect(page.body.contains(#"href="/notes/folder/Work/note/2?present=compose/Work""#), "the sheet, over this screen")
            #expect(page.stateCookie != nil)
        }
    }

    @Test func theOtherTabKeepsTheStack() throws {
        try withServer { port, _ in
            let note = try HTTPExchange.send("GET", "/notes/folder/Home/note/3", port: port)
            let recent = try HTTPExchange.send("GET", "/recent", port: port, cookie: note.stateCookie)
            #expect(recent.status == 200)
            #expect(recent.body.contains(#"href="/notes/folder/Home/note/3""#), "the Notes tab's link keeps its stack")
            #expect(recent.body.contains(#"href="/recent/note/1""#))
        }
    }

    @Test func theSheetsFormCreatesANoteAndOpensIt() throws {
        try withServer { port, store in
            let sheet = try HTTPExchange.send("GET", "/notes/folder/Home?present=compose/Home", port: port)
            #expect(sheet.status == 200)
            #expect(sheet.body.contains("New Note in Home"))
            let token = try #require(sheet.body.firstMatch(of: /name="_token" value="([^"]*)"/)?.1)
            let cookie = try #require(sheet.stateCookie)

            let empty = try HTTPExchange.send("POST", "/notes/folder/Home?present=compose/Home", port: port, cookie: cookie,
                                              form: ["_token": String(token), "_action": "create", "title": " ", "text": "kept"])
            #expect(empty.status == 422)
            #expect(empty.body.contains("A note needs a title"))
            #expect(empty.body.contains(#"value="kept""#), "what was typed is kept")
            #expect(store.notes(in: "Home").count == 1, "nothing is created")

            let saved = try HTTPExchange.send("POST", "/notes/folder/Home?present=compose/Home", port: port, cookie: cookie,
                                              form: ["_token": String(token), "_action": "create", "title": "Buy soil", "text": "Peat-free"])
            #expect(saved.status == 303)
            #expect(saved.header("Location") == "/notes/folder/Home/note/4")
            let opened = try HTTPExchange.send("GET", "/notes/folder/Home/note/4", port: port, cookie: saved.stateCookie ?? cookie)
            #expect(opened.status == 200 && opened.body.contains("Peat-free"))
        }
    }

    @Test func aPostWithoutItsFormTokenIsRefused() throws {
        try withServer { port, store in
            let refused = try HTTPExchange.send("POST", "/notes/folder/Home?present=compose/Home", port: port,
                                                form: ["_action": "create", "title": "Sneaky"])
            #expect(refused.status == 403)
            #expect(store.all.count == 3)
        }
    }

    @Test(arguments: ["/notes/note/99", "/notes/folder/Nowhere", "/notes/folder/Work/note/x", "/notes/nothing"])
    func whatDoesNotExistIsNotFound(path: String) throws {
        try withServer { port, _ in
            let page = try HTTPExchange.send("GET", path, port: port)
            #expect(page.status == 404, "\(path)")
            #expect(page.body.contains("<nav"), "inside the app's chrome")
        }
    }
}
