import Foundation
import Testing
import HTTPTestSupport

/// The seeds' deep links, cold (no cookie) and warm (a cookie holding other stacks).
@Suite struct DeepLinkTests {
    static let links: [(path: String, tab: String, canonical: String, title: String, depth: Int)] = [
        ("/user/42", "home", "/home/user/42", "Jordan Rivers", 1),
        ("/order/ORD-001", "home", "/home/orders/order/ORD-001", "ORD-001", 2),
        ("/settings", "home", "/home/settings", "Settings", 1),
        ("/search", "home", "/home?present=search", "My App", 0),
        ("/recipe/apple-pie", "recipes", "/recipes/recipe/apple-pie", "Apple Pie", 1),
        ("/category/desserts", "recipes", "/recipes/category/desserts", "Desserts", 1),
        ("/category/desserts/recipe/apple-pie", "recipes", "/recipes/category/desserts/recipe/apple-pie", "Apple Pie", 2),
    ]

    @Test(arguments: links.indices)
    func coldAndWarm(_ index: Int) async throws {
        let link = Self.links[index]
        try await withDemoServer { port in
            let cold = UserAgent(port: port)
            let page = try cold.get(link.path)
            #expect(page.status == 200)
            #expect(page.title == link.title)
            #expect(page.canonical == link.canonical)
            #expect(page.selectedTab == link.tab)
            #expect(cold.cookie != nil)

            // Warm: the other tabs' stacks survive, and the deep link resets its own tab first.
            let warm = UserAgent(port: port)
            try warm.get("/orders/order/ORD-003")
            try warm.get("/\(link.tab)/settings/orders")
            try warm.get(link.path)
            let state = try warm.state(at: link.canonical)
            let orders = try #require(state["tabs"]?["orders"]?["path"] as? [Any])
            #expect(orders.count == 1)
            let path = try #require(state["tabs"]?[link.tab]?["path"] as? [Any])
            #expect(path.count == link.depth)
        }
    }

    @Test func orderDeepLinkFromTheIssue() async throws {
        try await withDemoServer { port in
            let page = try UserAgent(port: port).get("/order/ORD-001")
            #expect(page.backHref == "/home/orders")
            #expect(page.html.contains("Order History"))
            let cookie = try #require(page.response.header("Set-Cookie"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(cookie.contains("Path=/"))
            // Kept 400 days, so that closing the browser does not lose the user's place.
            #expect(cookie.contains("Max-Age=34560000"))
        }
    }

    @Test func searchIsPresentedAsASheetOverTheRoot() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let page = try user.get("/search")
            #expect(page.html.contains(#"role="dialog" aria-modal="true""#))
            #expect(page.html.contains(#"class="presentation sheet detent-large""#))
            let results = try user.get("/home?present=search&presented-q=pie")
            #expect(results.href("Apple Pie") == "/recipes/recipe/apple-pie")
            #expect(results.href("Cancel") == "/home", "the seed's SearchView leaves through Cancel")
        }
    }
}

extension UserAgent {
    /// The JSON navigation state at `path`, as nested dictionaries.
    func state(at path: String) throws -> [String: [String: [String: Any]]] {
        let page = try get(path, accept: "application/json")
        let object = try JSONSerialization.jsonObject(with: Data(page.response.body)) as? [String: Any] ?? [:]
        var result: [String: [String: [String: Any]]] = [:]
        result["tabs"] = object["tabs"] as? [String: [String: Any]]
        return result
    }
}

/// Deep links the app reads with its data and the query (`NavigationApp.deepLink(_:query:)`).
@Suite struct DataDeepLinkTests {
    @Test(arguments: ["/dish/Apple%20Pie", "/dish/apple-pie", "/dish/APPLE-PIE"])
    func aRecipeNamedByItsTitleOpensAtItsId(_ link: String) async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let answer = try user.get(link)
            #expect(answer.status == 303)
            #expect(answer.response.header("Location") == "/recipes/category/desserts/recipe/apple-pie")
            let page = try user.get("/recipes/category/desserts/recipe/apple-pie")
            #expect(page.title == "Apple Pie")
        }
    }

    @Test func anUnknownNameIsANotFoundThatSaysSo() async throws {
        try await withDemoServer { port in
            let page = try UserAgent(port: port).get("/dish/Marmite%20Souffl%C3%A9%20%3Cb%3E")
            #expect(page.status == 404)
            #expect(page.html.contains("There is no recipe “Marmite Soufflé &lt;b&gt;”."), "the app's reason, escaped")
            #expect(try UserAgent(port: port).get("/dish").status == 404, "a link without a name")
        }
    }

    @Test func aSearchLinkOpensTheSearchWithItsWords() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let answer = try user.get("/search?q=pie")
            #expect(answer.status == 303)
            let location = try #require(answer.response.header("Location"))
            #expect(location == "/home?present=search&presented-q=pie")
            let page = try user.get(location)
            #expect(page.presentation?.style == "sheet")
            #expect(page.inputValue("presented-q") == "pie")
            #expect(page.html.contains("Apple Pie"), "the results for pie")
            #expect(try UserAgent(port: port).get("/search").status == 200, "without words, the seed's /search as before")
        }
    }
}
