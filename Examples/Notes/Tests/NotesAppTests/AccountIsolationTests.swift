import NavigationTesting
import NotesApp
import Testing

/// One account never sees another's notes: by deep link, in a list, or through a posted form,
/// another account's note answers exactly as a note that does not exist.
@Suite struct AccountIsolationTests {
    @Test(arguments: [TestTransport.live, .inProcess])
    func anotherAccountsNoteIsNotFoundExactlyAsOneThatDoesNotExist(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        let bobs = try #require(fixture.store.notes(in: "Work", of: fixture.bob).first)
        try await fixture.server().test(transport) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            let theirs = try await browser.get("/notes/folder/Work/note/\(bobs.id)")
            let none = try await browser.get("/notes/folder/Work/note/9999")
            #expect(theirs.status == 404 && none.status == 404)
            #expect(theirs.alerts == ["There is no note \(bobs.id)."] && none.alerts == ["There is no note 9999."])
            #expect(!theirs.text.contains(bobs.title) || bobs.title == "Welcome to Work")
            #expect(theirs.text.replacingOccurrences(of: "\(bobs.id)", with: "N").count
                    == none.text.replacingOccurrences(of: "9999", with: "N").count, "the same page but for the id")
            #expect(try await browser.get("/recent/note/\(bobs.id)").status == 404)

            let recent = try await browser.get("/recent")
            let ids = try fixture.store.notes(of: fixture.alice).map(\.id)
            #expect(recent.links.filter { $0.href.hasPrefix("/recent/note/") }.map(\.href) == ids.map { "/recent/note/\($0)" })
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aFormPostedToAnotherAccountsNoteOrFolderIsNotFoundAndWritesNothing(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        let bobs = try #require(fixture.store.notes(in: "Work", of: fixture.bob).first)
        _ = try fixture.store.add(folder: "Secret", title: "Bob's secret", text: "…", of: fixture.bob)
        try await fixture.server().test(transport) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            let own = try await browser.get("/notes/folder/Work?present=compose/Work")
            let token = try #require(own.forms.first?.value(of: "_token"))
            let count = try fixture.store.noteCount()
            for url in ["/notes/folder/Work/note/\(bobs.id)?present=compose/Work", "/notes?present=compose/Secret",
                        "/notes/folder/Secret?present=compose/Secret"] {
                let posted = try await browser.post(url, fields: ["_token": token, "_action": "create", "title": "Planted"])
                #expect(posted.status == 404, "\(url)")
                #expect(!posted.text.contains("Bob's secret"))
            }
            #expect(try fixture.store.noteCount() == count, "nothing written")
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func eachAccountStartsWithWorkAndHomeAndItsOwnNotes(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { browser in
            try await browser.signIn("bob", NotesFixture.bobPassword)
            let work = try await browser.get("/notes/folder/Work")
            #expect(work.status == 200)
            #expect(work.links.contains { $0.text == "Welcome to Work" })
            let home = try await browser.follow(link: "Home")
            #expect(home.links.contains { $0.text == "Welcome to Home" })
            let sheet = try await browser.follow(link: "New Note…")
            let created = try await browser.submit(form: "Save", fields: ["Title": "Bob's list"])
            #expect(created.title == "Bob's list" && sheet.status == 200)
        }
        #expect(try fixture.store.notes(of: fixture.alice).map(\.title).sorted() == ["Welcome to Home", "Welcome to Work"])
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func anotherAccountsNavigationCookieIsNotRestored(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        let server = try fixture.server()
        let alicesNote = try #require(fixture.store.notes(in: "Home", of: fixture.alice).first)
        let alicesCookie = try await server.test(transport == .live ? .inProcess : transport) { browser in
            try await browser.signIn("alice", NotesFixture.alicePassword)
            try await browser.get("/notes/folder/Home/note/\(alicesNote.id)")
            try await browser.get("/recent")
            return try #require(browser.stateCookie())
        }
        try await server.test(transport) { browser in
            try await browser.signIn("bob", NotesFixture.bobPassword)
            browser.setCookie("nav", to: alicesCookie)
            let notes = try await browser.get("/recent")
            #expect(notes.status == 200)
            #expect(notes.links.contains { $0.text == "Notes" && $0.href == "/notes" }, "alice's stack is not bob's")
            let state = try await browser.state(as: NotesNavigation.self)
            #expect(state[.notes].path.isEmpty)
            #expect(state.owner == fixture.bob.stateKey)
        }
    }
}
