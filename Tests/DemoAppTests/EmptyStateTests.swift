import Foundation
import Testing

/// The seeds' second read: Home's rows are labels with icons, and a screen with nothing to show
/// says so as `ContentUnavailableView` does: a search without results, the Orders list once every
/// order is deleted, a split view's detail column before a selection.
@Suite struct EmptyStateTests {
    @Test func homesRowsCarryTheirIcons() async throws {
        try await withDemoServer { port in
            let home = try UserAgent(port: port).get("/home")
            for (title, symbol) in [("My Profile", "person"), ("My Orders", "bag"), ("Settings", "gear"), ("Search", "magnifyingglass")] {
                let row = try #require(home.html.firstMatch(of: try Regex(#"<span class="symbol symbol-([a-z.]+) row-symbol" aria-hidden="true"></span>\s*<span class="row-text"><span class="row-title">"# + title + "<")))
                #expect(row.output[1].substring == Substring(symbol), "\(title)")
            }
            let categories = try UserAgent(port: port).get("/recipes")
            #expect(categories.html.contains(#"symbol-cup.and.saucer row-symbol"#), "Breakfast")
        }
    }

    @Test func aSearchWithoutResultsSaysSo() async throws {
        try await withDemoServer { port in
            let page = try UserAgent(port: port).get("/home?present=search&presented-q=%3Cb%3Ezzz")
            #expect(page.html.contains("<h2>No Results for “&lt;b&gt;zzz”</h2>"), "escaped, in the seed's words")
            #expect(page.html.contains(#"<span class="symbol symbol-magnifyingglass unavailable-symbol" aria-hidden="true"></span>"#))
            #expect(page.html.contains("Check the spelling or try a new search."))
            let found = try UserAgent(port: port).get("/home?present=search&presented-q=pie")
            #expect(!found.html.contains("No Results") && found.html.contains("Apple Pie"))
        }
    }

    @Test func theOrdersListWithNoneLeftOffersANewOrder() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            #expect(try user.get("/orders").html.contains(#"<h2 id="detail-title">Select an Order</h2>"#))
            #expect(try user.get("/orders").html.contains(#"<span class="symbol symbol-bag unavailable-symbol""#))
            #expect(!(try user.get("/home/orders").html.contains("No Orders")))
            for id in ["ORD-001", "ORD-002", "ORD-003"] {
                let dialog = try user.get("/home/orders/order/\(id)?present=delete-order/\(id)")
                let deleted = try user.post(try #require(dialog.formAction),
                                            ["_token": try #require(dialog.formToken), "_action": "deleteOrder"])
                #expect(deleted.status == 303)
            }
            let empty = try user.get("/home/orders")
            #expect(empty.html.contains("<h2>No Orders</h2>") && empty.html.contains("Orders you place appear here."))
            #expect(empty.href("New Order") == "/home/orders?present=new-order")
            #expect(try user.follow("New Order").presentation?.style == "sheet")
        }
    }
}
