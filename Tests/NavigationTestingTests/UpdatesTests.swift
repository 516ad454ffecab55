import MicroHTTP
import Navigation
import NavigationHTML
import NavigationTesting
import Testing

@Suite struct UpdatesTests {
    /// The shelf's server with live updates, their service running for as long as `body`.
    private func withLiveShelf(_ transport: TestTransport, _ body: (TestBrowser, Books) async throws -> Void) async throws {
        let books = Books()
        let updates = LiveUpdates(store: books, keys: Shelf.keys)
        let server = try Shelf.server(books: books, updates: updates)
        try await updates.running {
            try await server.test(transport) { browser in try await body(browser, books) }
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aBookAddedInAnotherBrowserRefreshesTheLibrary(transport: TestTransport) async throws {
        try await withLiveShelf(transport) { alice, _ in
            let library = try await alice.get("/library")
            #expect(library.updatesURL?.hasPrefix("/_navigation/updates?token=") == true)
            let updates = try await alice.openUpdates()
            #expect(updates.status == 200)
            let bob = alice.anotherBrowser()
            _ = try await bob.get("/library?present=add")
            _ = try await bob.submit(form: "Save", fields: ["Title": "Ulysses"])
            #expect(try await updates.next() == "refresh")
            #expect(try await alice.reload().text.contains("Ulysses"))
            // The page drawn after the change is up to date: its stream stays open and silent.
            let again = try await alice.openUpdates()
            #expect(try await again.next(within: .milliseconds(300)) == nil)
            #expect(!again.hasEnded)
            again.close()
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aPageBehindWhenItsStreamOpensRefreshesAtOnce(transport: TestTransport) async throws {
        try await withLiveShelf(transport) { browser, books in
            _ = try await browser.get("/library")
            books.add("Walden")
            let updates = try await browser.openUpdates()
            #expect(try await updates.next() == "refresh")
            #expect(try await updates.next() == nil)
            #expect(updates.hasEnded)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aPageWhoseScreensObserveNothingNamesNoStream(transport: TestTransport) async throws {
        try await withLiveShelf(transport) { browser, _ in
            let wishlist = try await browser.get("/wishlist")
            #expect(wishlist.updatesURL == nil)
            await #expect(throws: BrowserError.self) { try await browser.openUpdates() }
        }
    }
}
