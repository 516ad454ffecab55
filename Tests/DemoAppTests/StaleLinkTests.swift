import Testing

/// Links on a page that went stale while another browser tab changed the same stacks.
@Suite struct StaleLinkTests {
    @Test func aStalePageLinksToTheScreensItShowsNeverToOthers() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let stale = try user.get("/home/user/42/orders/order/ORD-001")
            // Another tab of the same browser (same cookie) rebuilds the Home stack.
            try user.get("/home/settings")
            try user.get("/home/user/1")

            // Each link names its screen by the whole path below it, so it lands on what the
            // stale page showed, not on whatever now sits at that depth.
            let crumb = try #require(stale.href("Order History"))
            #expect(crumb == "/home/user/42/orders")
            let popped = try user.get(crumb)
            #expect(popped.title == "Order History")
            #expect(popped.backHref == "/home/user/42")
            #expect(try user.get(try #require(stale.backHref)).title == "Order History")
        }
    }

    @Test func oneLinkSetsTheTabTheStackAndAPresentationColdAndWarm() async throws {
        try await withDemoServer { port in
            let link = "/order/ORD-002?present=edit-order/ORD-002"
            let cold = try UserAgent(port: port).get(link)
            #expect(cold.status == 200)
            #expect(cold.selectedTab == "home")
            #expect(cold.backHref == "/home/orders")
            #expect(cold.presentation?.style == "sheet")
            #expect(cold.canonical == "/home/orders/order/ORD-002?present=edit-order/ORD-002")

            let warm = UserAgent(port: port)
            try warm.get("/recipes/category/drinks")
            try warm.get("/home/settings/orders")
            let page = try warm.get(link)
            #expect(page.backHref == "/home/orders", "the deep link reset Home to root first")
            #expect(page.tabHref("recipes") == "/recipes/category/drinks", "other tabs keep their stacks")
        }
    }

    @Test func multiStepLinksPushEveryValue() async throws {
        try await withDemoServer { port in
            let page = try UserAgent(port: port).get("/category/desserts/recipe/apple-pie/recipe/lemon-tart/recipe/lemonade")
            #expect(page.title == "Lemonade")
            #expect(page.canonical == "/recipes/category/desserts/recipe/apple-pie/recipe/lemon-tart/recipe/lemonade")
            let broken = try UserAgent(port: port).get("/category/desserts/recipe/no-such-pie/recipe/lemonade")
            #expect(broken.status == 404)
            #expect(broken.canonical == "/recipes/category/desserts", "the valid part of the link shows")
            #expect(broken.notice == "There is no recipe “no-such-pie”.")
        }
    }
}
