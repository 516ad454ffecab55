import Foundation
import Testing
import HTTPTestSupport

/// Restoring what the cookie remembers: `/` reopens the last screen, and screens whose items were
/// deleted meanwhile are dropped with a notice (the seeds' `compactMap`), never an error page.
@Suite struct RestorationTests {
    /// Another client deletes `orderId` through the confirmation dialog.
    func delete(_ orderId: String, port: Int) throws {
        let other = UserAgent(port: port)
        let dialog = try other.get("/orders/order/\(orderId)?present=delete-order/\(orderId)")
        let done = try other.post(try #require(dialog.formAction), ["_token": try #require(dialog.formToken), "_action": "deleteOrder"])
        #expect(done.status == 303)
    }

    @Test func rootRestoresTheLastScreenWithoutTheDeletedItem() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.skipOnboarding()
            try user.get("/home/orders/order/ORD-003")
            try delete("ORD-003", port: port)

            let root = try user.get("/")
            #expect(root.status == 303)
            #expect(root.response.header("Location") == "/home/orders")
            let page = try user.get("/home/orders")
            #expect(page.status == 200)
            #expect(page.notice == "A screen you had open was closed: what it showed no longer exists.")
            #expect(try user.get("/home/orders").notice == nil, "the notice shows once")
        }
    }

    @Test func aTabDropsDeletedScreensWhenItShowsAndKeepsTheRest() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/home/user/42/orders/order/ORD-002/settings")
            try user.get("/recipes")
            try delete("ORD-002", port: port)

            // Another tab's pages do not look at the Home stack: it is checked when it shows.
            let recipes = try user.get("/recipes/category/desserts")
            #expect(recipes.status == 200)
            #expect(recipes.notice == nil)
            let remembered = try #require(recipes.tabHref("home"))
            #expect(remembered == "/home/user/42/orders/order/ORD-002/settings")

            let back = try user.get(remembered)
            #expect(back.status == 303, "the URL is not the screen any more")
            #expect(back.response.header("Location") == "/home/user/42/orders/settings", "only the deleted screen goes")
            let home = try user.get("/home/user/42/orders/settings")
            #expect(home.status == 200)
            #expect(home.notice == "A screen you had open was closed: what it showed no longer exists.")
            let state = try user.state(at: "/recipes")
            #expect((state["tabs"]?["home"]?["path"] as? [Any])?.count == 3)
        }
    }

    @Test func aDeepLinkToADeletedItemIsA404NotARedirect() async throws {
        try await withDemoServer { port in
            try delete("ORD-002", port: port)
            let page = try UserAgent(port: port).get("/orders/order/ORD-002")
            #expect(page.status == 404, "a screen the URL adds, not one remembered")
            #expect(page.title == "Orders")
        }
    }

    @Test func aPresentationOfADeletedItemIsDropped() async throws {
        try await withDemoServer { port in
            try delete("ORD-001", port: port)
            let page = try UserAgent(port: port).get("/orders?present=order/ORD-001")
            #expect(page.status == 404)
            #expect(page.presentation == nil)
            #expect(page.notice == "There is no order “ORD-001”.")
            #expect(page.title == "Orders", "the screen behind still shows")
        }
    }
}
