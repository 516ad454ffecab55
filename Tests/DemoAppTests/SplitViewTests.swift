import Testing

/// Recipes as a three-column split view and Orders as a two-column one: the same URLs serve a
/// wide window (columns) and a phone (the collapsed stack).
@Suite struct SplitViewTests {
    func detailTitle(_ page: UserAgent.Page) -> String? {
        page.html.firstMatch(of: #/id="detail-title">([^<]*)</h2>/#).map { unescape(String($0.output.1)) }
    }

    func selected(_ page: UserAgent.Page) -> [String] {
        page.html.matches(of: #/aria-current="true">\s*(?:<span class="symbol [^"]*" aria-hidden="true"></span>\s*)?<span class="row-text"><span class="row-title">([^<]*)</#)
            .map { String($0.output.1) }
    }

    @Test func threeColumnsInAWideWindowWithTheDetailsOwnStack() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port, layout: .wide)
            let root = try user.get("/recipes")
            #expect(root.html.contains(#"<div class="split split-3">"#))
            #expect(detailTitle(root) == "Select a Category")
            #expect(try user.follow("Desserts").path == "/recipes/category/desserts")
            #expect(detailTitle(user.page!) == "Select a Recipe")
            #expect(selected(user.page!) == ["Desserts"])
            #expect(try user.follow("Apple Pie").path == "/recipes/category/desserts/recipe/apple-pie")
            #expect(detailTitle(user.page!) == "Apple Pie")
            #expect(selected(user.page!) == ["Desserts", "Apple Pie"])

            let related = try user.follow("Pancakes")  // a related recipe, from another category
            #expect(related.path == "/recipes/category/desserts/recipe/apple-pie/recipe/pancakes")
            #expect(detailTitle(related) == "Pancakes")
            #expect(selected(related) == ["Desserts", "Apple Pie"], "the sidebar selection stays")
            #expect(related.visible.contains(#"<a class="back" href="/recipes/category/desserts/recipe/apple-pie" rel="prev">"#))

            // Another category replaces the selection and the detail's stack.
            #expect(try user.follow("Drinks").path == "/recipes/category/drinks")
        }
    }

    @Test func aPhoneCollapsesTheSameURLIntoTheStack() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port, layout: .narrow)
            let page = try user.get("/recipes/category/desserts/recipe/apple-pie/recipe/lemon-tart")
            #expect(page.title == "Lemon Tart")
            #expect(page.backHref == "/recipes/category/desserts/recipe/apple-pie")
            try user.get("/recipes")
            #expect(try user.follow("Desserts").path == "/recipes/category/desserts", "a selection is a push")
            #expect(try user.follow("Apple Pie").title == "Apple Pie")
        }
    }

    @Test func columnVisibilityIsInTheURLAndRemembered() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port, layout: .wide)
            let automatic = try user.get("/recipes/category/desserts")
            // iPadOS's sidebar button, not three text links: on a three-column split at automatic
            // visibility one for each width a wide window may have (a medium one hides the sidebar).
            #expect(!automatic.html.contains("Detail Only") && !automatic.html.contains("All Columns"))
            #expect(automatic.html.contains(#"<a class="sidebar-toggle medium-only" href="/recipes/category/desserts?columns=all" aria-label="Show Sidebar""#))
            #expect(automatic.html.contains(#"<a class="sidebar-toggle large-only" href="/recipes/category/desserts?columns=detailOnly" aria-label="Hide Sidebar""#))
            let detailOnly = try user.follow("Hide Sidebar")
            #expect(detailOnly.path == "/recipes/category/desserts?columns=detailOnly")
            #expect(detailOnly.html.contains("has-split columns-detailOnly"))
            #expect(detailOnly.href("Show Sidebar") == "/recipes/category/desserts?columns=all")
            #expect(detailOnly.href("Hide Sidebar") == nil)
            #expect(try user.follow("Apple Pie").path == "/recipes/category/desserts/recipe/apple-pie?columns=detailOnly")
            let home = try user.get(try #require(user.page?.tabHref("home")))
            #expect(home.tabHref("recipes") == "/recipes/category/desserts/recipe/apple-pie?columns=detailOnly")
            #expect(try user.get("/recipes?columns=sideways").status == 404)
        }
    }

    @Test func ordersAreTwoColumnsInAWideWindow() async throws {
        try await withDemoServer { port in
            let wide = UserAgent(port: port, layout: .wide)
            let root = try wide.get("/orders")
            #expect(root.html.contains(#"<div class="split split-2">"#))
            #expect(detailTitle(root) == "Select an Order")
            let selected = try wide.follow("Books")
            #expect(selected.path == "/orders/order/ORD-002")
            #expect(detailTitle(selected) == "ORD-002")
            // On a phone the same row presents the order as a sheet, as the seeds' order list does.
            let phone = UserAgent(port: port)
            try phone.get("/orders")
            #expect(try phone.follow("Books").path == "/orders?present=order/ORD-002")
        }
    }
}
