import Foundation
import Testing
import HTTPTestSupport

/// Tab sections, the search tab, the Beta tab behind a feature flag, and tab customization.
@Suite struct TabFeatureTests {
    func tabs(_ page: UserAgent.Page) -> [String] {
        page.html.matches(of: #/<a class="tab tab-([a-z]+)"/#).map { String($0.output.1) }
    }

    @Test func sectionsGroupTabsForTheSidebar() async throws {
        try await withDemoServer { port in
            let page = try UserAgent(port: port).get("/home")
            #expect(tabs(page) == ["home", "recipes", "orders", "profile", "find"])
            #expect(page.html.contains(#"<h2 class="tab-section">Browse</h2>"#))
            let browse = try #require(page.html.range(of: "Browse</h2>"))
            let rest = page.html[browse.upperBound...]
            let group = rest[..<(rest.range(of: "</div>")?.lowerBound ?? rest.endIndex)]
            #expect(group.contains("tab-recipes") && group.contains("tab-orders") && !group.contains("tab-profile"))
        }
    }

    @Test func theSearchTabKeepsItsQueryInTheURL() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let empty = try user.get("/find")
            #expect(empty.title == "Search")
            #expect(empty.html.contains(#"action="/find""#))
            #expect(!empty.html.contains(#"name="present""#))
            let results = try user.get("/find?q=PIE")
            #expect(results.href("Apple Pie") == "/recipes/recipe/apple-pie")
            #expect(results.inputValue("q") == "PIE")
            #expect(try user.get("/find?q=ord-002").href("Books") == "/home/orders/order/ORD-002")
        }
    }

    @Test func theBetaTabShowsWithItsFlagAndKeepsItsStackWhileHidden() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            #expect(!tabs(try user.get("/home/settings")).contains("beta"))
            let hidden = try user.get("/beta")
            #expect(hidden.status == 404)
            #expect(hidden.notice == "The Beta tab is hidden.")

            try user.get("/home/settings")
            #expect(try user.submit(["_action": "setBeta", "on": "1"]).status == 303)
            #expect(tabs(try user.get("/home/settings")).contains("beta"))
            try user.get("/beta")
            #expect(try user.follow("Recipe of the Week").path == "/beta/recipe/tiramisu")

            try user.get("/home/settings")
            try user.submit(["_action": "setBeta", "on": "0"])
            let off = try user.get("/home/settings")
            #expect(!tabs(off).contains("beta"))
            #expect(try user.get("/beta/recipe/pancakes").status == 404, "a hidden tab cannot be opened")

            try user.get("/home/settings")
            try user.submit(["_action": "setBeta", "on": "1"])
            #expect(try user.get("/home/settings").tabHref("beta") == "/beta/recipe/tiramisu", "its stack came back")
        }
    }

    /// The cookie's stack of the tab a URL opens is read only when the tab is hidden (the stack is
    /// then kept); a reload changes nothing and sets no cookie.
    @Test func openedTabsStackIsKeptWhenHiddenAndUnchangedOnReload() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/orders/order/ORD-001/order/ORD-002")
            let reload = try user.get("/orders/order/ORD-001/order/ORD-002")
            #expect(reload.title == "ORD-002")
            #expect(reload.response.header("Set-Cookie") == nil)

            try user.get("/profile/settings/customize-tabs")
            try user.submit(["_action": "hideTab", "tab": "orders", "hidden": "1"])
            let hidden = try user.get("/orders/order/ORD-003")
            #expect(hidden.status == 404)
            try user.get("/profile/settings/customize-tabs")
            try user.submit(["_action": "hideTab", "tab": "orders", "hidden": "0"])
            let shown = try user.get("/profile")
            #expect(shown.tabHref("orders") == "/orders/order/ORD-001/order/ORD-002")
        }
    }

    @Test func customizationReordersAndHidesTabsButNotHome() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/profile/settings/customize-tabs")
            // Past Saved (hidden by default), then past Orders.
            try user.submit(["_action": "moveTab", "tab": "profile", "by": "-1"])
            try user.get("/profile/settings/customize-tabs")
            try user.submit(["_action": "moveTab", "tab": "profile", "by": "-1"])
            #expect(tabs(try user.get("/profile/settings/customize-tabs")) == ["home", "recipes", "profile", "orders", "find"])
            // The search tab sits apart at the end wherever the order puts it, as on iOS.
            try user.submit(["_action": "moveTab", "tab": "find", "by": "-1"])
            #expect(tabs(try user.get("/profile/settings/customize-tabs")) == ["home", "recipes", "profile", "orders", "find"])
            try user.submit(["_action": "hideTab", "tab": "orders", "hidden": "1"])
            let hidden = try user.get("/profile/settings/customize-tabs")
            #expect(tabs(hidden) == ["home", "recipes", "profile", "find"])
            #expect(hidden.html.contains("Hidden"))
            #expect(try user.submit(["_action": "hideTab", "tab": "home", "hidden": "1"]).status == 422)

            let state = try user.get("/profile", accept: "application/json").response
            let json = try JSONSerialization.jsonObject(with: Data(state.body)) as? [String: Any]
            #expect(json?["hiddenTabs"] as? [String] == ["orders", "saved"])

            try user.get("/profile/settings/customize-tabs")
            try user.submit(["_action": "resetTabs"])
            #expect(tabs(try user.get("/profile")) == ["home", "recipes", "orders", "profile", "find"])
        }
    }

    /// `.defaultVisibility(.hidden, for: .tabBar)`: Saved stays out of the tab bar until the user
    /// shows it in Customize Tabs; shown, it stays (the cookie says so); hidden again, it keeps its
    /// stack; Restore Defaults hides it again.
    @Test func savedIsHiddenUntilTheUserShowsIt() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let first = try user.get("/home")
            #expect(tabs(first) == ["home", "recipes", "orders", "profile", "find"])
            // The app's own arrangement is not written down: a new user's cookie names no tab.
            let payload = try #require(user.cookie?.split(separator: ".").dropFirst().first)
            var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            let json = String(decoding: try #require(Data(base64Encoded: base64)), as: UTF8.self)
            #expect(json.contains(#""t":"home""#) && !json.contains("saved"), "\(json)")
            let state = try JSONSerialization.jsonObject(
                with: Data(try user.get("/home", accept: "application/json").response.body)) as? [String: Any]
            #expect(state?["hiddenTabs"] as? [String] == ["saved"])
            #expect(try user.get("/saved").status == 404)
            let customize = try user.get("/profile/settings/customize-tabs")
            #expect(customize.html.contains("Saved"))
            try user.submit(["_action": "hideTab", "tab": "saved", "hidden": "0"])
            #expect(tabs(try user.get("/saved")) == ["home", "recipes", "orders", "saved", "profile", "find"])
            #expect(try user.get("/saved/recipe/apple-pie").title == "Apple Pie")
            #expect(tabs(try user.get("/home")) == ["home", "recipes", "orders", "saved", "profile", "find"], "it stays")
            try user.get("/profile/settings/customize-tabs")
            try user.submit(["_action": "hideTab", "tab": "saved", "hidden": "1"])
            #expect(!tabs(try user.get("/home")).contains("saved"))
            try user.get("/profile/settings/customize-tabs")
            try user.submit(["_action": "hideTab", "tab": "saved", "hidden": "0"])
            #expect(try user.get("/home").tabHref("saved") == "/saved/recipe/apple-pie", "its stack was kept while hidden")
            try user.get("/profile/settings/customize-tabs")
            try user.submit(["_action": "resetTabs"])
            #expect(!tabs(try user.get("/home")).contains("saved"))
        }
    }
}
