import Testing
import HTTPTestSupport

/// A user clicking through stacks and tabs, by links found in the returned HTML.
@Suite struct StackNavigationTests {
    @Test func pushThreeLevelsSwitchTabsAndComeBack() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            #expect(try user.get("/home").title == "My App")
            #expect(try user.follow("My Profile").title == "Alex Appleseed")
            #expect(try user.follow("Order History").title == "Order History")
            let order = try user.follow("Electronics")
            #expect(order.title == "ORD-001")
            #expect(order.path == "/home/user/1/orders/order/ORD-001")

            let recipes = try user.get(try #require(order.tabHref("recipes")))
            #expect(recipes.title == "Categories")
            #expect(recipes.selectedTab == "recipes")
            try user.follow("Desserts")
            #expect(try user.follow("Apple Pie").title == "Apple Pie")

            // The Home tab link leads back to the preserved three-level stack.
            let home = try #require(user.page?.tabHref("home"))
            #expect(home == "/home/user/1/orders/order/ORD-001")
            let back = try user.get(home)
            #expect(back.title == "ORD-001")
            #expect(back.selectedTab == "home")

            // Selecting the selected tab pops it to root, as in SwiftUI.
            #expect(back.tabHref("home") == "/home")
            // ... while the Recipes tab still remembers its stack.
            #expect(back.tabHref("recipes") == "/recipes/category/desserts/recipe/apple-pie")
        }
    }

    /// Home's stack reaches eight screens by links alone: person to person through their
    /// profiles' People, then Order History and an order. Every link is taken from the page
    /// shown, and the breadcrumb keeps the root, the first screen and the last two.
    @Test func homeReachesEightScreensByFollowingLinks() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            #expect(try user.get("/home").title == "My App")
            for name in ["Alex Appleseed", "Jordan Rivers", "Alex Appleseed", "Jordan Rivers", "Alex Appleseed", "Jordan Rivers"] {
                #expect(try user.follow(name).title == name)
            }
            #expect(try user.follow("Order History").title == "Order History")
            let order = try user.follow("Electronics")
            #expect(order.title == "ORD-001")
            #expect(order.path == "/home" + String(repeating: "/user/1/user/42", count: 3) + "/orders/order/ORD-001")
            #expect(order.backHref == "/home" + String(repeating: "/user/1/user/42", count: 3) + "/orders")
            // A profile lists the other people, not the person shown.
            let jordan = try user.get("/home/user/42")
            #expect(jordan.href("Alex Appleseed") == "/home/user/42/user/1")
            #expect(jordan.href("Jordan Rivers") == nil)
        }
    }

    @Test func backButtonAndBreadcrumbPop() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let page = try user.get("/recipes/category/desserts/recipe/apple-pie/recipe/lemon-tart")
            #expect(page.title == "Lemon Tart")
            #expect(page.backHref == "/recipes/category/desserts/recipe/apple-pie")
            #expect(page.html.contains(#"rel="prev"><span aria-hidden="true">‹</span> Apple Pie</a>"#))
            #expect(page.html.contains(#"<span aria-current="page">Lemon Tart</span>"#))

            let popped = try user.get(try #require(page.href("Desserts")))
            #expect(popped.path == "/recipes/category/desserts")
            #expect(popped.title == "Desserts")
            let root = try user.follow("Recipes")  // breadcrumb root and tab share the label
            #expect(root.path == "/recipes")
            #expect(root.backHref == nil)
        }
    }

    /// A deep stack's breadcrumb keeps the root, the first screen and the last two; a "…" stands
    /// for the rest and leads to the deepest of them, so every screen stays reachable.
    @Test func deepBreadcrumbCollapsesItsMiddle() async throws {
        func crumbs(_ page: UserAgent.Page) -> [(label: String, href: String?)] {
            let nav = page.html.firstMatch(of: #/<nav class="breadcrumbs"[^>]*>(.*?)</nav>/#.dotMatchesNewlines())
            return (nav.map { String($0.output.1) } ?? "").matches(of: #/<li>(.*?)</li>/#).map { item in
                let li = String(item.output.1)
                return (li.replacing(#/<[^>]*>/#, with: ""), li.firstMatch(of: #/href="([^"]*)"/#).map { String($0.output.1) })
            }
        }
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let orders = (0..<9).map { "/order/ORD-00\($0 % 3 + 1)" }
            let shallow = try user.get("/home/orders" + orders.prefix(3).joined())
            #expect(crumbs(shallow).map(\.label) == ["Home", "Order History", "ORD-001", "ORD-002", "ORD-003"])

            let deep = try user.get("/home/orders" + orders.joined())
            let shown = crumbs(deep)
            #expect(shown.map(\.label) == ["Home", "Order History", "…", "ORD-002", "ORD-003"])
            #expect(shown[2].href == "/home/orders" + orders.prefix(7).joined())
            #expect(deep.html.contains(#"title="ORD-001, and 6 more screens before it""#))
            #expect(deep.backHref == "/home/orders" + orders.prefix(8).joined())

            let middle = try user.get(try #require(shown[2].href))
            #expect(middle.title == "ORD-001")
            #expect(crumbs(middle).map(\.label) == ["Home", "Order History", "…", "ORD-003", "ORD-001"])
            #expect(crumbs(middle)[2].href == "/home/orders" + orders.prefix(5).joined())
        }
    }

    @Test func relatedRecipesDrillDown() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/recipe/apple-pie")
            let related = try user.follow("Lemon Tart")
            #expect(related.path == "/recipes/recipe/apple-pie/recipe/lemon-tart")
            #expect(try user.follow("Lemonade").title == "Lemonade")
            #expect(user.page?.backHref == "/recipes/recipe/apple-pie/recipe/lemon-tart")
        }
    }

    @Test func ordersAndProfileTabsHaveTheirOwnStacks() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            #expect(try user.get("/orders").title == "Orders")
            // A row presents the order as a sheet (`sheet(item:)`); its full details push in the sheet.
            #expect(try user.follow("Books").path == "/orders?present=order/ORD-002")
            #expect(try user.get("/orders/order/ORD-002").title == "ORD-002")
            let profile = try user.get(try #require(user.page?.tabHref("profile")))
            #expect(profile.title == "Alex Appleseed")
            #expect(try user.follow("Settings").path == "/profile/settings")
            #expect(user.page?.tabHref("orders") == "/orders/order/ORD-002")
        }
    }

    @Test func rootRestoresTheLastScreen() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let first = try user.get("/")
            #expect(first.status == 303)
            #expect(first.response.header("Location") == "/home?present=onboarding/welcome", "a first visit onboards")
            try user.skipOnboarding()
            #expect(try user.get("/").response.header("Location") == "/home")
            try user.get("/category/desserts")
            let again = try user.get("/")
            #expect(again.status == 303)
            #expect(again.response.header("Location") == "/recipes/category/desserts")
        }
    }
}
