import Testing
@testable import Navigation

@Suite("URL <-> state")
struct URLTests {
    /// Every route as a one-screen stack, in every tab.
    static let routeLocations: [Loc] = TestTab.allCases.flatMap { tab in
        TestRoute.all("ORD-001").map { Loc(tab: tab, path: [$0]) }
    }

    @Test(arguments: routeLocations)
    func everyRouteRoundTrips(location: Loc) {
        #expect(matchURL(location.url) == .location(location))
    }

    @Test(arguments: TestDestination.all("ORD-001"))
    func everyDestinationRoundTrips(destination: TestDestination) {
        let bare = Loc(tab: .orders, presentation: destination)
        let stacked = Loc(tab: .home, path: [.orderHistory, .orderDetail(orderId: "ORD-001")], presentation: destination)
        #expect(matchURL(bare.url) == .location(bare))
        #expect(matchURL(stacked.url) == .location(stacked))
        #expect(stacked.url.hasPrefix("/home/orders/order/ORD-001?present="))
    }

    @Test func canonicalURLs() {
        #expect(Loc(tab: .home).url == "/home")
        #expect(Loc(tab: .home, path: [.orderHistory], presentation: .search).url == "/home/orders?present=search")
        #expect(Loc(tab: .home, path: [.userDetail(userId: -5)]).url == "/home/user/-5")
        #expect(Loc(tab: .orders, presentation: .deleteConfirmation(orderId: "ORD-001")).url
                == "/orders?present=delete/ORD-001")
        #expect(Loc(tab: .recipes, selection: [.category("desserts")], presentation: .photo).url
                == "/recipes?select=category/desserts&present=photo")
    }

    @Test(arguments: hostileIDs)
    func hostileIdentifiersAreEncodedAndRoundTrip(id: String) throws {
        let location = Loc(
            tab: .recipes,
            path: [.category(id), .recipe(id), .orderDetail(orderId: id)],
            selection: [.category(id)],
            presentation: .orderSheet(orderId: id)
        )
        let url = location.url
        let query = try #require(url.split(separator: "?", maxSplits: 1).last)
        #expect(url.filter { $0 == "?" }.count == 1, "\(url)")
        #expect(!url.contains("#") && !url.contains(" "), "\(url)")
        #expect(query.split(separator: "&").count == 2, "\(url)")
        #expect(url.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 }, "\(url)")
        #expect(matchURL(url) == .location(location), "\(url)")
    }

    /// `match` receives a percent-decoded path (as libmicrohttpd hands it), so a `/` inside a
    /// segment must be escaped twice (`%252F`) to come back as part of the segment, not as a
    /// separator: "ORD-1/settings" would otherwise read back as a different, fully matched screen.
    @Test(arguments: ["a/b", "/", "ORD/001", "ORD-1/settings"])
    func slashInsideAnIdentifierRoundTrips(id: String) {
        let location = Loc(tab: .home, path: [.orderDetail(orderId: id)], presentation: .orderSheet(orderId: id))
        #expect(location.url.contains("%252F"))
        #expect(matchURL(location.url) == .location(location), "\(location.url)")
    }

    /// An empty identifier gives an empty segment (`/recipes/category//recipe/r`), which `match`
    /// must keep, or the next segment would be read as the identifier instead.
    @Test func emptyIdentifierRoundTrips() {
        let location = Loc(tab: .recipes, path: [.category(""), .recipe("r")])
        #expect(matchURL(location.url) == .location(location), "\(location.url)")
    }

    /// `match` splits the decoded path on the `Character` "/", and a "/" followed by a combining
    /// mark is a different grapheme cluster, so the separator before such a segment is missed.
    @Test(arguments: ["\u{301}", "\u{301}x", "\u{20DD}ring", "\u{FE0F}"])
    func identifierStartingWithACombiningMarkRoundTrips(id: String) {
        let location = Loc(tab: .home, path: [.orderDetail(orderId: id), .settings],
                           selection: [.category(id)], presentation: .orderSheet(orderId: id))
        #expect(matchURL(location.url) == .location(location), "\(location.url)")
        #expect(Loc.match(path: "/home/order/\(id)", query: [:]) == .location(Loc(tab: .home, path: [.orderDetail(orderId: id)])))
    }

    static let seedDeepLinks: [(String, Loc)] = [
        ("/user/42", Loc(tab: .home, path: [.userDetail(userId: 42)])),
        ("/order/ORD-001", Loc(tab: .home, path: [.orderHistory, .orderDetail(orderId: "ORD-001")])),
        ("/settings", Loc(tab: .home, path: [.settings])),
        ("/search", Loc(tab: .home, presentation: .search)),
        ("/recipe/apple-pie", Loc(tab: .recipes, path: [.recipe("apple-pie")])),
        ("/category/desserts", Loc(tab: .recipes, path: [.category("desserts")])),
        ("/category/desserts/recipe/apple-pie", Loc(tab: .recipes, path: [.category("desserts"), .recipe("apple-pie")])),
    ]

    @Test(arguments: seedDeepLinks)
    func seedDeepLinkMatches(path: String, expected: Loc) {
        #expect(Loc.match(path: path, query: [:]) == .location(expected))
        #expect(Loc.match(path: path + "/", query: [:]) == .location(expected), "a trailing slash is harmless")
        #expect(matchURL(expected.url) == .location(expected), "the canonical URL \(expected.url) names the same screen")
        #expect(expected.url.hasPrefix("/\(expected.tab.rawValue)"), "canonical URLs start with the tab")
    }

    @Test(arguments: seedDeepLinks)
    func openingADeepLinkResetsTheTargetTab(path: String, expected: Loc) throws {
        var state = State(selectedTab: .profile)
        for tab in TestTab.allCases {
            state[tab].path = [.settings, .userDetail(userId: 9)]
        }
        guard case .location(let location) = Loc.match(path: path, query: [:]) else {
            Issue.record("\(path) did not match")
            return
        }
        state.apply(.open(location))
        #expect(state.selectedTab == expected.tab)
        #expect(state.path.elements == expected.path)
        #expect(state.presentation == expected.presentation)
        #expect(state.url == expected.url)
        for tab in TestTab.allCases where tab != expected.tab {
            #expect(state[tab].path.elements == [.settings, .userDetail(userId: 9)])
        }
    }

    @Test func deepLinkQueryArgumentsApply() {
        let match = Loc.match(path: "/order/ORD-001", query: ["present": "delete/ORD-001"])
        let expected = Loc(tab: .home, path: [.orderHistory, .orderDetail(orderId: "ORD-001")],
                           presentation: .deleteConfirmation(orderId: "ORD-001"))
        #expect(match == .location(expected))
    }

    @Test(arguments: ["/", "", "//", "///"])
    func rootPaths(path: String) {
        #expect(Loc.match(path: path, query: [:]) == .root)
    }

    @Test(arguments: ["/nope", "/HOME", "/user/abc", "/user", "/order", "/recipe", "/category", "/index.html", "/%", "/../etc/passwd"])
    func unknownFirstSegment(path: String) {
        #expect(Loc.match(path: path, query: [:]) == .unknown)
    }

    static let partials: [(String, [String: String], Loc, String)] = [
        ("/home/settings/junk", [:], Loc(tab: .home, path: [.settings]), "junk"),
        ("/home/user/abc", [:], Loc(tab: .home), "user/abc"),
        ("/recipes/category/desserts/recipe", [:], Loc(tab: .recipes, path: [.category("desserts")]), "recipe"),
        ("/user/42/more/stuff", [:], Loc(tab: .home, path: [.userDetail(userId: 42)]), "more/stuff"),
        ("/category/desserts/cake", [:], Loc(tab: .recipes, path: [.category("desserts")]), "cake"),
        ("/home/orders", ["present": "bogus"], Loc(tab: .home, path: [.orderHistory]), "present=bogus"),
        ("/home", ["present": "search/extra"], Loc(tab: .home), "present=search/extra"),
        ("/home", ["present": ""], Loc(tab: .home), "present="),
        ("/recipes", ["select": "category/x/junk"], Loc(tab: .recipes), "select=category/x/junk"),
    ]

    @Test(arguments: partials)
    func validPrefixWithJunkIsPartial(path: String, query: [String: String], valid: Loc, unmatched: String) {
        #expect(Loc.match(path: path, query: query) == .partial(valid, unmatched: unmatched))
    }

    @Test func unrelatedQueryArgumentsAreIgnored() {
        #expect(Loc.match(path: "/home/settings", query: ["utm_source": "mail", "present": "photo"])
                == .location(Loc(tab: .home, path: [.settings], presentation: .photo)))
    }
}
