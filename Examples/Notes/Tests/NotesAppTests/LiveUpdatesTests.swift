import Navigation
import NavigationHTML
import NavigationTesting
import NotesApp
import Testing

/// A note added in one session appears in the account's other sessions, never in another
/// account's; ending the account's sign-ins refreshes its open pages, whose streams then open no
/// more. Each test with a browser runs over loopback and in process.
@Suite struct LiveUpdatesTests {
    private static let silence = Duration.milliseconds(300)

    @Test(arguments: [TestTransport.live, .inProcess])
    func aNoteAddedInOneSessionRefreshesTheAccountsOtherSessions(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { alice in
            try await alice.signIn("alice", NotesFixture.alicePassword)
            let home = try await alice.get("/notes/folder/Home")
            #expect(home.updatesURL?.hasPrefix("/_navigation/updates?token=") == true)
            let updates = try await alice.openUpdates()
            #expect(updates.status == 200)

            let other = try await alice.anotherBrowser(signedInAs: "alice", NotesFixture.alicePassword)
            try await other.addNote("Buy soil", in: "Home")
            #expect(try await updates.next() == "refresh")
            #expect(try await alice.reload().visibleText.contains("Buy soil"))
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func anotherAccountsPagesNeitherRefreshNorOpenItsStreams(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { alice in
            try await alice.signIn("alice", NotesFixture.alicePassword)
            let alicesStream = try #require(try await alice.get("/notes/folder/Home").updatesURL)
            let alices = try await alice.openUpdates()
            let bob = try await alice.anotherBrowser(signedInAs: "bob", NotesFixture.bobPassword)
            try await bob.get("/notes/folder/Home")
            let bobs = try await bob.openUpdates()
            #expect(bobs.status == 200)

            let other = try await alice.anotherBrowser(signedInAs: "alice", NotesFixture.alicePassword)
            try await other.addNote("Alice's secret", in: "Home")
            #expect(try await alices.next() == "refresh", "the note was announced")
            #expect(try await bobs.next(within: Self.silence) == nil)
            #expect(!bobs.hasEnded)

            #expect(try await bob.statusOfUpdates(at: alicesStream) == 204, "alice's token opens nothing for bob")
            bobs.close()
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func signingOutRefreshesTheAccountsOtherPagesAndItsTokensOpenNothing(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { alice in
            try await alice.signIn("alice", NotesFixture.alicePassword)
            let alicesStream = try #require(try await alice.get("/notes/folder/Work").updatesURL)
            let other = try await alice.anotherBrowser(signedInAs: "alice", NotesFixture.alicePassword)
            let othersStream = try #require(try await other.get("/recent").updatesURL)
            let others = try await other.openUpdates()
            let bob = try await alice.anotherBrowser(signedInAs: "bob", NotesFixture.bobPassword)
            try await bob.get("/recent")
            let bobs = try await bob.openUpdates()

            try await alice.follow(link: "Account")
            let signedOut = try await alice.submit(form: "Sign Out")
            #expect(signedOut.updatesURL == nil, "a signed-out page observes nothing")
            #expect(try await others.next() == "refresh")
            #expect(try await other.reload().presentation?.title == "Sign In", "its sign-in ended too")
            #expect(try await bobs.next(within: Self.silence) == nil, "bob's sign-in goes on")

            #expect(try await alice.statusOfUpdates(at: alicesStream) == 204, "signed out")
            #expect(try await other.statusOfUpdates(at: othersStream) == 204, "its sign-in ended")
            bobs.close()
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aNewPasswordRefreshesTheAccountsOpenPages(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { alice in
            try await alice.signIn("alice", NotesFixture.alicePassword)
            let stream = try #require(try await alice.get("/notes/folder/Work").updatesURL)
            let updates = try await alice.openUpdates()
            try NotesServer.setPassword(name: "alice", password: "a brand new password", store: fixture.store,
                                        passwords: fixture.passwords)
            #expect(try await updates.next() == "refresh")
            #expect(try await alice.statusOfUpdates(at: stream) == 204)
            #expect(try await alice.reload().presentation?.title == "Sign In")
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func thePageAWriteLandsOnIsUpToDate(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { alice in
            try await alice.signIn("alice", NotesFixture.alicePassword)
            let note = try await alice.addNote("Buy soil", in: "Home")
            #expect(note.redirects.map(\.status) == [303] && note.title == "Buy soil")
            let updates = try await alice.openUpdates()
            #expect(updates.status == 200)
            #expect(try await updates.next(within: Self.silence) == nil, "no second refresh for its own write")
            #expect(!updates.hasEnded)
            updates.close()
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aRefusedWriteRefreshesNothing(transport: TestTransport) async throws {
        let fixture = try NotesFixture()
        try await fixture.server().test(transport) { alice in
            try await alice.signIn("alice", NotesFixture.alicePassword)
            try await alice.get("/notes/folder/Home")
            let updates = try await alice.openUpdates()
            let other = try await alice.anotherBrowser(signedInAs: "alice", NotesFixture.alicePassword)
            #expect(try await other.addNote(" ", in: "Home").status == 422)
            #expect(try await updates.next(within: Self.silence) == nil)
            try await other.addNote("Buy soil", in: "Home")
            #expect(try await updates.next() == "refresh", "the stream was listening")
        }
    }

    @Test func aPagesVersionsComeFromTheSnapshotItsNotesCameFrom() async throws {
        let fixture = try NotesFixture()
        let store = fixture.store, alice = fixture.alice
        let topic = Topic.notes(of: alice.id)
        let (count, versions) = try await store.reading {
            _ = try store.notes(in: "Home", of: alice)
            _ = try store.add(folder: "Home", title: "Meanwhile", text: "", of: alice)   // commits during the page
            return (try store.notes(in: "Home", of: alice).count, try store.versions(of: [topic]))
        }
        #expect(count == 1 && versions == [topic: 0])
        #expect(try store.notes(in: "Home", of: alice).count == 2 && store.versions(of: [topic]) == [topic: 1])
    }

    @Test func aWriteAnnouncesTheTopicsItMovedAndAFailedOneNothing() async throws {
        let fixture = try NotesFixture()
        let store = fixture.store, alice = fixture.alice
        let changes = store.changes()
        #expect(throws: AccountError.noSuchAccount("nobody")) {
            try store.setPasswordHash("a hash", ofAccountNamed: "nobody")
        }
        _ = try store.add(folder: "Work", title: "Plan", text: "", of: alice)
        #expect(await Self.next(changes) == .published([.notes(of: alice.id): 1]))
        try store.endSessions(of: alice)
        #expect(await Self.next(changes) == .published([.signIns(of: alice.id): 1]))
        #expect(try store.versions(of: [.notes(of: alice.id), .signIns(of: alice.id)]).values.sorted() == [1, 1])
        #expect(try store.versions(of: [.notes(of: fixture.bob.id)]) == [.notes(of: fixture.bob.id): 0])
    }

    /// The store's next announcement, or nil when none comes within a second.
    private static func next(_ changes: AsyncStream<TopicChange>) async -> TopicChange? {
        await withTaskGroup { group in
            group.addTask { await changes.first { _ in true } }
            group.addTask { try? await Task.sleep(for: .seconds(1)); return nil }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
    }
}
