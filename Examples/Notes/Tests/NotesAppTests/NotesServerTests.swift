import NavigationTesting
import NotesApp
import Testing

/// The example through the library's test kit, each test over loopback and in process: the URLs
/// its `Codable` routes give, the split view, the sheet and its form, and what a bad request gets.
@Suite struct NotesServerTests {
    static let secret = "a test secret of sixteen characters or more"

    @Test(arguments: [TestTransport.live, .inProcess])
    func aDeepLinkShowsTheSplitViewWithLinksFromTheCodableRoutes(transport: TestTransport) async throws {
        try await NotesServer.make(port: 0, secret: Self.secret).test(transport) { browser in
            let page = try await browser.get("/notes/folder/Work/note/2")
            #expect(page.status == 200)
            #expect(page.documentTitle == "Call Sam – Notes")
            #expect(page.title == "Call Sam")
            #expect(page.visibleText.contains("About the invoice."))
            let hrefs = page.links.map(\.href)
            #expect(hrefs.contains("/notes/folder/Work/note/1"), "the other note of the folder")
            #expect(hrefs.contains("/notes/folder/Home"), "the other folder, in the sidebar")
            #expect(hrefs.contains("/notes/folder/Work/note/2?present=compose/Work"), "the sheet, over this screen")
            #expect(page.setsCookie("nav") && browser.stateCookie() != nil)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func theOtherTabKeepsTheStack(transport: TestTransport) async throws {
        try await NotesServer.make(port: 0, secret: Self.secret).test(transport) { browser in
            try await browser.get("/notes/folder/Home/note/3")
            let recent = try await browser.follow(link: "Recent")
            #expect(recent.status == 200)
            #expect(recent.selectedTab == "recent")
            #expect(recent.links.contains { $0.text == "Notes" && $0.href == "/notes/folder/Home/note/3" },
                    "the Notes tab's link keeps its stack")
            #expect(recent.links.contains { $0.href == "/recent/note/1" })
            let state = try await browser.state(as: NotesNavigation.self)
            #expect(state[.notes].path.elements == [.folder(name: "Home"), .note(id: 3)])
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func theSheetsFormCreatesANoteAndOpensIt(transport: TestTransport) async throws {
        let store = NoteStore()
        try await NotesServer.make(port: 0, secret: Self.secret, store: store).test(transport) { browser in
            try await browser.get("/notes/folder/Home")
            let sheet = try await browser.follow(link: "New Note…")
            #expect(sheet.status == 200)
            #expect(sheet.url == "/notes/folder/Home?present=compose/Home")
            #expect(sheet.presentation?.title == "New Note in Home")

            let empty = try await browser.submit(form: "Save", fields: ["Title": " ", "Text": "kept"])
            #expect(empty.status == 422)
            #expect(empty.alerts.contains { $0.contains("A note needs a title") })
            #expect(empty.forms.first?.value(of: "Text") == "kept", "what was typed is kept")
            #expect(store.notes(in: "Home").count == 1, "nothing is created")

            let opened = try await browser.submit(form: "Save", fields: ["Title": "Buy soil", "text": "Peat-free"])
            #expect(opened.redirects.map(\.status) == [303])
            #expect(opened.url == "/notes/folder/Home/note/4")
            #expect(opened.status == 200 && opened.visibleText.contains("Peat-free"))
            #expect(opened.presentation == nil)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aPostWithoutItsFormTokenOrFromAnotherSiteIsRefused(transport: TestTransport) async throws {
        let store = NoteStore()
        try await NotesServer.make(port: 0, secret: Self.secret, store: store).test(transport) { browser in
            let url = "/notes/folder/Home?present=compose/Home"
            let refused = try await browser.post(url, fields: ["_action": "create", "title": "Sneaky"])
            #expect(refused.status == 403)

            let sheet = try await browser.get(url)
            let token = try #require(sheet.forms.first?.value(of: "_token"))
            let crossSite = try await browser.post(url, fields: ["_token": token, "_action": "create", "title": "Sneaky"],
                                                   headers: ["Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == 403)
            #expect(store.all.count == 3)
        }
    }

    @Test(arguments: ["/notes/note/99", "/notes/folder/Nowhere", "/notes/folder/Work/note/x", "/notes/nothing"])
    func whatDoesNotExistIsNotFound(path: String) async throws {
        for transport in [TestTransport.live, .inProcess] {
            try await NotesServer.make(port: 0, secret: Self.secret).test(transport) { browser in
                let page = try await browser.get(path)
                #expect(page.status == 404, "\(path) \(transport)")
                #expect(page.text.contains("<nav"), "inside the app's chrome")
            }
        }
    }
}
