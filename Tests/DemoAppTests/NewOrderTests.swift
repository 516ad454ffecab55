import DemoApp
import Foundation
import HTTPTestSupport
import Testing
import MicroHTTP

/// Creating in a sheet, as the seeds' `AddItemView`: Orders' "New Order" toolbar button presents
/// a form whose Save creates an order (303 to it) and whose Cancel creates nothing; bad input
/// answers 422 with the message beside its field; the same form posted twice creates one order;
/// a cross-site post is refused. The orders are counted in the database (SQLite, or PostgreSQL
/// under scripts/with-postgres).
@Suite struct NewOrderTests {
    /// Runs `body` against a server on a data folder of its own, then returns the orders the
    /// database holds once the server has stopped.
    func ordersAfter(_ body: (Int) throws -> Void) async throws -> [Demo.Order] {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try await withDemoServer(dataDirectory: data, body)
        return try await DemoDatabase.withStore(for: data) { try await $0.orders() }
    }

    static let sheet = "/orders?present=new-order"

    @Test func theToolbarButtonPresentsTheFormAndSaveOpensTheNewOrder() async throws {
        let orders = try await ordersAfter { port in
            let user = UserAgent(port: port)
            let list = try user.get("/orders")
            let button = try #require(list.html.firstMatch(of: #/<a class="toolbar-item"[^>]* href="([^"]*)" aria-label="New Order"/#))
            #expect(String(button.output.1) == Self.sheet)
            #expect(list.html.contains(#"<span class="symbol symbol-plus" aria-hidden="true"></span>"#), "a + icon, decorative")
            let form = try user.get(Self.sheet)
            #expect(form.presentation?.style == "sheet")
            #expect(form.title == "Orders", "the list stays behind the sheet")
            let saved = try user.submit(["_action": "createOrder", "title": "Garden Tools", "amount": "79.50"])
            #expect(saved.status == 303)
            #expect(saved.response.header("Location") == "/orders/order/ORD-004")
            let detail = try user.get("/orders/order/ORD-004")
            #expect(detail.status == 200 && detail.html.contains("Garden Tools") && detail.html.contains("$79.50"))
            #expect(detail.html.contains(Demo.Order(id: "", title: "", cents: 0, placedOn: Demo.Order.today()).date),
                    "placed today, as people write the day")
            #expect(try user.get("/orders").html.contains("Garden Tools"))
        }
        #expect(orders.map(\.id) == ["ORD-001", "ORD-002", "ORD-003", "ORD-004"])
        #expect(orders.last?.placedOn == Demo.Order.today())
    }

    @Test(arguments: [
        ("", "12", "title", "Enter a title."), (String(repeating: "x", count: 61), "12", "title", "at most 60"),
        ("<b>", "12", "title", "can hold"), ("Tools", "twelve", "amount", "Enter the amount"),
        ("Tools", "-5", "amount", "Enter the amount"), ("Tools", "1000000", "amount", "Enter the amount"),
        ("Tools", "", "amount", "Enter the amount"),
    ])
    func badInputIsRefusedBesideItsFieldAndCreatesNothing(title: String, amount: String, field: String, message: String) async throws {
        let orders = try await ordersAfter { port in
            let user = UserAgent(port: port)
            try user.get(Self.sheet)
            let page = try user.submit(["_action": "createOrder", "title": title, "amount": amount])
            #expect(page.status == 422)
            #expect(page.presentation?.style == "sheet")
            #expect(page.inputValue("title") == title && page.inputValue("amount") == amount, "what was typed is kept")
            let error = try #require(page.html.firstMatch(of: #/<p class="field-error" id="field-([a-z]+)-error" role="alert">([^<]*)</p>/#))
            #expect(String(error.output.1) == field)
            #expect(String(error.output.2).contains(message))
            #expect(page.html.contains(#"id="field-\#(field)" name="\#(field)""#))
            #expect(page.html.contains(#"aria-invalid="true" aria-describedby="field-\#(field)-error""#))
            #expect(!page.html.contains("<b>"))
        }
        #expect(orders.count == 3)
    }

    @Test func cancelCreatesNothing() async throws {
        let orders = try await ordersAfter { port in
            let user = UserAgent(port: port)
            let sheet = try user.get(Self.sheet)
            #expect(sheet.href("Cancel") == "/orders")
            #expect(try user.follow("Cancel").presentation == nil)
        }
        #expect(orders.count == 3)
    }

    /// A double click, or a POST the browser resubmits: the form's own identifier makes the second
    /// find the first's order, even when both arrive at once.
    @Test func theSameFormPostedTwiceCreatesOneOrder() async throws {
        let orders = try await ordersAfter { port in
            let user = UserAgent(port: port)
            let sheet = try user.get(Self.sheet)
            let fields = ["_token": try #require(sheet.formToken), "_action": "createOrder", "title": "Once", "amount": "1",
                          "submission": try #require(sheet.inputValue("submission"))]
            let action = try #require(sheet.formAction)
            let cookie = user.cookie
            let first = try user.post(action, fields)
            user.cookie = cookie   // the second post leaves before the first's answer arrives
            let second = try user.post(action, fields)
            #expect(first.status == 303 && second.status == 303)
            #expect(first.response.header("Location") == second.response.header("Location"))
            // Browsers posting one form at the same moment.
            let shared = try #require(try user.get(Self.sheet).inputValue("submission"))
            let statuses = Locked<[Int]>([])
            onThreads(4) { _ in
                let racer = UserAgent(port: port)
                let status = (try? racer.get(Self.sheet)).flatMap { page in
                    try? racer.post(action, ["_token": page.formToken ?? "", "_action": "createOrder",
                                             "title": "Raced", "amount": "2", "submission": shared]).status
                } ?? 0
                statuses.withLock { $0.append(status) }
            }
            #expect(statuses.withLock { $0 } == [303, 303, 303, 303])
        }
        #expect(orders.filter { $0.title == "Once" }.count == 1)
        #expect(orders.filter { $0.title == "Raced" }.count == 1)
        #expect(orders.count == 5)
    }

    @Test func aCrossSitePostIsRefusedAndCreatesNothing() async throws {
        let orders = try await ordersAfter { port in
            let user = UserAgent(port: port)
            let sheet = try user.get(Self.sheet)
            let fields = ["_token": try #require(sheet.formToken), "_action": "createOrder", "title": "Forged", "amount": "1"]
            let action = try #require(sheet.formAction)
            #expect(try user.post(action, fields, headers: ["Sec-Fetch-Site": "cross-site"]).status == 403)
            #expect(try user.post(action, fields, headers: ["Origin": "http://evil.example"]).status == 403)
            #expect(try UserAgent(port: port).post(action, fields).status == 403, "a token is bound to its cookie")
        }
        #expect(orders.count == 3)
    }

    @Test func ordersShowTheDayTheyWerePlaced() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let sheet = try user.get("/orders?present=order/ORD-003")
            #expect(sheet.html.contains("Date") && sheet.html.contains("Nov 5, 2026"))
            #expect(try user.get("/home/orders/order/ORD-001").html.contains("Oct 2, 2026"))
        }
    }
}
