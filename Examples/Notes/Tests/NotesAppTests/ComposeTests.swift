import NavigationTesting
import NotesApp
import Testing

/// The sheet's form, signed in as alice: it refuses an empty title, keeping what was typed, then
/// creates the note and opens it. Each test runs over loopback and in process.
@Suite struct ComposeTests {
    @Test(arguments: [TestTransport.live, .inProcess])
    func theSheetsFormCreatesANoteAndOpensIt(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            try await browser.get("/notes/folder/Home")
            let sheet = try await browser.follow(link: "New Note…")
            #expect(sheet.url == "/notes/folder/Home?present=compose/Home")
            #expect(sheet.presentation?.title == "New Note in Home")

            let empty = try await browser.submit(form: "Save", fields: ["Title": " ", "Text": "kept"])
            #expect(empty.status == 422)
            #expect(empty.alerts.contains("Enter a title."))
            #expect(empty.forms.first?.value(of: "Text") == "kept", "what was typed is kept")
            #expect(try fixture.store.notes(in: "Home", of: fixture.alice).count == 1, "nothing is created")

            let opened = try await browser.submit(form: "Save", fields: ["Title": "Buy soil", "text": "Peat-free"])
            #expect(opened.redirects.map(\.status) == [303])
            #expect(opened.status == 200 && opened.title == "Buy soil" && opened.visibleText.contains("Peat-free"))
            #expect(opened.presentation == nil)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aPostWithoutItsFormTokenOrFromAnotherSiteIsRefused(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            let url = "/notes/folder/Home?present=compose/Home"
            #expect(try await browser.post(url, fields: ["_action": "create", "title": "Sneaky"]).status == 403)
            let token = try #require(try await browser.get(url).forms.first?.value(of: "_token"))
            let crossSite = try await browser.post(url, fields: ["_token": token, "_action": "create", "title": "Sneaky"],
                                                   headers: ["Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == 403)
            #expect(try fixture.store.noteCount() == 4)
        }
    }

    @Test(arguments: ["/notes/note/99", "/notes/folder/Nowhere", "/notes/folder/Work/note/x", "/notes/nothing"])
    func whatDoesNotExistIsNotFound(path: String) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(.inProcess) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            let page = try await browser.get(path)
            #expect(page.status == 404, "\(path)")
            #expect(page.text.contains("<nav"), "inside the app's chrome")
        }
    }
}
