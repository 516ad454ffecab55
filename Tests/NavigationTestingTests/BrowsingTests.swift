import MicroHTTP
import Navigation
import NavigationTesting
import Testing

/// The kit's browser on the shelf app, each test once over loopback and once in process: the
/// same assertions hold both ways.
@Suite struct BrowsingTests {
    @Test(arguments: [TestTransport.live, .inProcess])
    func theStateCookieIsKeptAndSentBack(transport: TestTransport) async throws {
        try await Shelf.server().test(transport) { browser in
            let book = try await browser.get("/library/book/2")
            #expect(book.status == 200)
            #expect(book.title == "Emma")
            #expect(book.documentTitle == "Emma – Shelf")
            #expect(book.selectedTab == "library")
            #expect(book.setsCookie("nav"))
            #expect(browser.stateCookie() != nil)

            // The other tab's link leads back to the stack the cookie remembers.
            let wishlist = try await browser.follow(link: "Wishlist")
            #expect(wishlist.selectedTab == "wishlist")
            #expect(wishlist.links.contains { $0.text == "Library" && $0.href == "/library/book/2" })
            let back = try await browser.follow(link: "Library")
            #expect(back.url == "/library/book/2" && back.title == "Emma")

            // Cookies of other names are kept by path; Max-Age=0 deletes.
            browser.setCookie("gone", to: "soon")
            let echo = try await browser.get("/flavour")
            #expect(echo.url == "/echo")
            #expect(echo.text.contains("cookies=flavour,nav"))
            #expect(browser.cookies["gone"] == nil)
            #expect(try await browser.get("/library").status == 200)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aFormPostIsAnswered303AndTheRedirectFollowed(transport: TestTransport) async throws {
        let books = Books()
        try await Shelf.server(books: books).test(transport) { browser in
            let sheet = try await browser.get("/library?present=add")
            #expect(sheet.presentation == PagePresentation(style: .sheet, title: "New Book", detent: "large"))

            // By label ("Title") and by name ("author").
            let saved = try await browser.submit(form: "Save", fields: ["Title": "Dune Messiah", "author": "Frank Herbert"])
            #expect(saved.redirects == [Redirect(status: 303, from: "/library?present=add", location: "/library/book/3")])
            #expect(saved.url == "/library/book/3")
            #expect(saved.status == 200)
            #expect(saved.title == "Dune Messiah by Frank Herbert")
            #expect(saved.presentation == nil)
            #expect(books.title(3) == "Dune Messiah by Frank Herbert")

            // Refused input comes back 422 with what was typed.
            try await browser.get("/library?present=add")
            let refused = try await browser.submit(form: "Save", fields: ["title": " ", "Author": "kept"])
            #expect(refused.status == 422)
            #expect(refused.redirects.isEmpty)
            #expect(refused.alerts.contains("A book needs a title."))
            #expect(refused.forms.first?.value(of: "Author") == "kept")
            #expect(books.all.count == 3)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func redirectsCanBeLeftUnfollowed(transport: TestTransport) async throws {
        try await Shelf.server().test(transport, settings: .init(followsRedirects: false)) { browser in
            try await browser.get("/library?present=add")
            let saved = try await browser.submit(form: "Save", fields: ["Title": "Middlemarch"])
            #expect(saved.status == 303)
            #expect(saved.header("Location") == "/library/book/3")
            #expect(saved.redirects.isEmpty)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func aCrossSitePostIsRefusedWhereTheBrowsersOwnGoesThrough(transport: TestTransport) async throws {
        let books = Books()
        try await Shelf.server(books: books).test(transport) { browser in
            let sheet = try await browser.get("/library?present=add")
            let token = try #require(sheet.forms.first?.value(of: "_token"))
            let fields = ["_token": token, "_action": "add", "title": "Forged"]

            let crossSite = try await browser.post(sheet.url, fields: fields,
                                                   headers: ["Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == 403)
            let otherOrigin = try await browser.post(sheet.url, fields: fields,
                                                     headers: ["Origin": "https://evil.example", "Sec-Fetch-Site": ""])
            #expect(otherOrigin.status == 403)
            #expect(books.all.count == 2, "a refused post changes nothing")

            let own = try await browser.post(sheet.url, fields: fields)
            #expect(own.redirects.first?.status == 303)
            #expect(own.title == "Forged")

            // What the browser sends with a post, as the server sees it.
            let echo = try await browser.post("/echo", fields: ["a": "1 2", "b": "&="])
            #expect(echo.text.contains("method=POST"))
            #expect(echo.text.contains("origin=\(browser.origin)"))
            #expect(echo.text.contains("site=same-origin"))
            #expect(echo.text.contains("referer=\(browser.origin)/library/book/3"))
            #expect(echo.text.contains("form=a:1 2,b:&="))
        }
    }

    @Test func aTabsPhoneOnlyLinkIsFollowedOnlyWhenNothingElseMatches() async throws {
        try await Shelf.server(books: Books()).test(.inProcess) { browser in
            try await browser.get("/library/book/1")
            let wishlist = try await browser.follow(link: "Wishlist")
            let library = wishlist.links.filter { $0.text == "Library" }
            #expect(library.map(\.href) == ["/library/book/1", "/library"])
            #expect(library.map(\.isCompactOnly) == [false, true])
            #expect(try await browser.follow(link: "Library").url == "/library/book/1", "as a wide window follows it")
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func linksAreFollowedByTheirTextAndAMissingOneListsTheOthers(transport: TestTransport) async throws {
        let books = Books()
        try await Shelf.server(books: books).test(transport) { browser in
            try await browser.get("/library")
            #expect(try await browser.follow(link: "Dune Book 1").title == "Dune", "the whole text")
            try await browser.get("/library")
            #expect(try await browser.follow(link: "Emma").url == "/library/book/2", "the row's title alone")
            #expect(try await browser.follow(link: "Library").url == "/library", "the back link, without its ‹")

            let missing = await #expect(throws: BrowserError.self) { try await browser.follow(link: "Persuasion") }
            let listed = String(describing: try #require(missing))
            #expect(listed.contains("No link \"Persuasion\" on /library"))
            #expect(listed.contains("\"Dune Book 1\" → /library/book/1"))
            #expect(listed.contains("\"Add a Book\" → /library?present=add"))

            books.add("Dune")
            try await browser.get("/library")
            let twice = await #expect(throws: BrowserError.self) { try await browser.follow(link: "Dune") }
            #expect(String(describing: try #require(twice)).contains("/library/book/3"))
            await #expect(throws: BrowserError.self) { try await browser.submit(form: "Delete") }
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func stateIsTheURLsJSONWithTheCookiesStacks(transport: TestTransport) async throws {
        try await Shelf.server().test(transport) { browser in
            let page = try await browser.get("/library/book/2?present=add")
            let state = try await browser.state()
            #expect(state.selectedTab == "library")
            #expect(state.path == [["book": ["id": 2]]])
            #expect(state.presentation?.style == "sheet")
            #expect(state.presentation?.destination == ["add": [:]])
            #expect(browser.url == page.url, "reading the state navigates nowhere")

            let typed = try await browser.state(as: ShelfNavigation.self)
            #expect(typed.selectedTab == .library)
            #expect(typed.path.elements == [.book(id: 2)])
            #expect(typed.presentation == .add)
            #expect(page.location(as: ShelfNavigation.self)?.path == [.book(id: 2)])

            try await browser.follow(link: "Wishlist")
            let wishlist = try await browser.state()
            #expect(wishlist.selectedTab == "wishlist" && wishlist.path.isEmpty)
            #expect(wishlist.tabs["library"]?.path == [["book": ["id": 2]]], "the hidden tab's stack, from the cookie")
            #expect(wishlist.presentation == nil)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func thePipelineAnswersAsTheServerDoes(transport: TestTransport) async throws {
        try await Shelf.server().test(transport) { browser in
            let head = try await browser.request("HEAD", "/library/book/1")
            #expect(head.status == 200 && head.body.isEmpty)
            let unknown = try await browser.request("PROPFIND", "/library")
            #expect(unknown.status == 405)
            #expect(unknown.header("Allow")?.contains("GET") == true)
            #expect(try await browser.request("DELETE", "/library").status == 405)

            let boom = try await browser.get("/boom")
            #expect(boom.status == 500)
            #expect(!boom.text.contains("Secret"), "no error text but an HTTPError's reaches the client")
            let teapot = try await browser.get("/teapot")
            #expect(teapot.status == 400 && teapot.text == "No tea here.")
            let tooLarge = try await browser.post("/echo", fields: ["big": String(repeating: "x", count: 70_000)])
            #expect(tooLarge.status == 413)
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func redirectsAreFollowedAsABrowserFollowsThem(transport: TestTransport) async throws {
        try await Shelf.server().test(transport, settings: .init(redirectLimit: 5)) { browser in
            let loop = await #expect(throws: BrowserError.self) { try await browser.get("/loop") }
            #expect(String(describing: try #require(loop)).contains("More than 5 redirects"))

            // 307 repeats the method and the body, to a Location relative to the request.
            let again = try await browser.request("POST", "/again", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                                  body: Array("a=1".utf8))
            #expect(again.redirects == [Redirect(status: 307, from: "/again", location: "/echo?from=again")])
            #expect(again.text.contains("method=POST"))
            #expect(again.text.contains("form=a:1"))
            #expect(again.text.contains("query=from:again"))
        }
    }

    @Test(arguments: [TestTransport.live, .inProcess])
    func behindAnHTTPSProxyTheStateCookieIsTheHostPrefixedOne(transport: TestTransport) async throws {
        let server = try Shelf.server(trustedProxies: ["127.0.0.1"])
        try await server.test(transport, settings: .init(proxy: .https(host: "shelf.example"))) { browser in
            #expect(browser.origin == "https://shelf.example")
            let book = try await browser.get("/library/book/1")
            #expect(book.setCookies.first?.hasPrefix("__Host-nav=") == true)
            #expect(browser.cookies["nav"] == nil && browser.stateCookie() != nil)
            let wishlist = try await browser.follow(link: "Wishlist")
            #expect(wishlist.links.contains { $0.text == "Library" && $0.href == "/library/book/1" })

            try await browser.get("/library?present=add")
            #expect(try await browser.submit(form: "Save", fields: ["Title": "Persuasion"]).title == "Persuasion")
            #expect(try await browser.get("/echo").text.contains("https=true"))
        }
    }
}
