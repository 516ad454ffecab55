import Foundation
import Testing
import HTTPTestSupport

/// A presentation over a presentation, on the demo: Edit Order over the order sheet, and
/// "Discard changes?" over the edit sheet, by links and forms, cold from curl, without JavaScript.
@Suite struct NestedPresentationTests {
    /// Posts `fields` to the current page's form and follows the answer's redirect.
    static func post(_ fields: [String: String], as user: UserAgent) throws -> UserAgent.Page {
        let page = try #require(user.page)
        let answer = try user.post(try #require(page.formAction),
                                   fields.merging(["_token": try #require(page.formToken)]) { $1 })
        guard answer.status == 303, let location = answer.response.header("Location") else { return answer }
        return try user.get(location)
    }

    static let orderSheet = "/orders?present=order/ORD-001"
    static let editSheet = orderSheet + "&present-2=edit-order/ORD-001"

    @Test func editOrderOpensOverTheOrderSheetWhichStaysBeneathIt() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get(Self.orderSheet)
            let edit = try user.follow("Edit Order")
            #expect(edit.path == Self.editSheet)
            #expect(edit.html.contains(#"<h2 id="presentation-title">Edit Order</h2>"#), "the edit sheet is in front")
            #expect(edit.html.contains(#"<h2 id="presentation-title-1">Order Details</h2>"#), "the order sheet beneath")
            let beneath = try #require(edit.html.firstRange(of: #"<section id="presentation-1""#))
            let front = try #require(edit.html.firstRange(of: #"<section id="presentation""#))
            #expect(beneath.lowerBound < front.lowerBound, "drawn beneath, in the page's order")
            let covered = String(edit.html[beneath.lowerBound...].prefix { $0 != ">" })
            #expect(covered.contains(" inert") && covered.contains("covered"), "\(covered)")
            #expect(edit.html.contains(#"class="presentation level-2 sheet"#))
            #expect(edit.html.contains(#"<div class="app" inert>"#))
            // Its scrim closes the edit sheet only: back to the order sheet.
            #expect(edit.html.contains(#"<a class="scrim level-2" href="\#(Self.orderSheet.replacingOccurrences(of: "&", with: "&amp;"))""#))
            #expect(edit.presentation?.style == "sheet")

            let cold = try UserAgent(port: port).get(Self.editSheet)
            #expect(cold.status == 200)
            #expect(cold.html.contains(#"<h2 id="presentation-title-1">Order Details</h2>"#), "opens cold from a URL")
            let json = try UserAgent(port: port).get(Self.editSheet, accept: "application/json").response
            let state = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
            let first = try #require(state["presentation"] as? [String: Any])
            #expect(first["destination"] as? [String: [String: String]] == ["order": ["orderId": "ORD-001"]])
            let second = try #require(first["presentation"] as? [String: Any])
            #expect(second["destination"] as? [String: [String: String]] == ["editOrder": ["orderId": "ORD-001"]])
        }
    }

    @Test func saveReturnsToTheOrderSheetShowingTheChange() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get(Self.editSheet)
            let saved = try Self.post(["_action": "saveOrder", "title": "Rare Books", "amount": "45"], as: user)
            #expect(saved.path == Self.orderSheet, "back on the order sheet, not on /orders")
            #expect(saved.html.contains(#"<h2 id="presentation-title">Order Details</h2>"#))
            #expect(saved.html.contains("Rare Books"))
        }
    }

    @Test func cancelWithoutEditsLeavesAtOnceAndWithEditsAsksFirst() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let edit = try user.get(Self.editSheet)
            #expect(edit.html.contains(#"name="_submitter" value="cancelEdit" formnovalidate"#), "Cancel posts the form")
            #expect(edit.href("Cancel") == nil)
            let title = try #require(edit.inputValue("title")), amount = try #require(edit.inputValue("amount"))
            let unchanged = try Self.post(["_action": "saveOrder", "_submitter": "cancelEdit",
                                           "title": title, "amount": amount], as: user)
            #expect(unchanged.path == Self.orderSheet)

            try user.get(Self.editSheet)
            let asked = try Self.post(["_action": "saveOrder", "_submitter": "cancelEdit",
                                       "title": "Half-typed", "amount": amount], as: user)
            #expect(asked.path.hasPrefix(Self.editSheet + "&present-3=discard-changes/ORD-001"), "\(asked.path)")
            #expect(asked.presentation?.style == "confirmationDialog")
            #expect(asked.html.contains(#"<h2 id="presentation-title">Discard changes?</h2>"#))
            #expect(asked.html.contains(#"<h2 id="presentation-title-2">Edit Order</h2>"#))
            #expect(asked.inputValue("title") == "Half-typed", "the edit sheet beneath holds the edits")

            let kept = try user.follow("Keep Editing")
            #expect(kept.path.hasPrefix(Self.editSheet), "\(kept.path)")
            #expect(!kept.path.contains("present-3"))
            #expect(kept.inputValue("title") == "Half-typed", "Keep Editing comes back to the edits")

            try user.get(asked.path)
            let discarded = try user.follow("Discard Changes")
            #expect(discarded.path == Self.orderSheet)
            #expect(!discarded.html.contains("Half-typed"), "nothing was saved")
        }
    }

    @Test func aChainDeeperThanTheSchemaAllowsShowsTheNearestScreen() async throws {
        try await withDemoServer { port in
            let page = try UserAgent(port: port).get(
                Self.editSheet + "&present-3=discard-changes/ORD-001&present-4=about")
            #expect(page.status == 404)
            #expect(page.html.contains(#"<h2 id="presentation-title">Discard changes?</h2>"#))
            let gap = try UserAgent(port: port).get("/orders?present-2=about")
            #expect(gap.status == 404)
            #expect(gap.presentation == nil)
        }
    }
}

/// A destination drawn as a push (`navigationDestination(item:)`): the order's receipt.
@Suite struct PushedDestinationTests {
    static let receipt = "/orders/order/ORD-001?present=receipt/ORD-001"

    @Test func theReceiptIsPushedOnTheStackAndItsBackDismissesIt() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/home/orders/order/ORD-001")
            let pushed = try user.follow("Receipt")
            #expect(pushed.path == "/home/orders/order/ORD-001?present=receipt/ORD-001")
            #expect(pushed.title == "Receipt", "drawn as the stack's top screen")
            #expect(pushed.presentation == nil, "not over the screen: in its place")
            #expect(!pushed.html.contains(#"<div class="app" inert>"#))
            #expect(pushed.backHref == "/home/orders/order/ORD-001", "Back dismisses it")
            #expect(pushed.html.contains(#"data-transition="push""#), "it moves as a push does")
            let done = try #require(pushed.href("Done"))
            #expect(done == "/home/orders/order/ORD-001", "the screen's own dismiss pops it")
            let back = try user.get(try #require(pushed.backHref))
            #expect(back.title == "ORD-001")

            let json = try UserAgent(port: port).get(pushed.path, accept: "application/json").response
            let state = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
            let presentation = try #require(state["presentation"] as? [String: Any])
            #expect(presentation["style"] as? String == "navigationDestination")
            #expect(presentation["destination"] as? [String: [String: String]] == ["receipt": ["orderId": "ORD-001"]])
            let tabs = try #require(state["tabs"] as? [String: [String: Any]])
            #expect((tabs["home"]?["path"] as? [Any])?.count == 2, "the stack holds routes only, not the receipt")
        }
    }

    @Test func aSheetOverThePushedReceiptAndAPushUnderItClosesIt() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let cold = try user.get(Self.receipt)
            #expect(cold.status == 200)
            #expect(cold.title == "Receipt")
            let moved = try user.get("/orders/order/ORD-001/order/ORD-002")
            #expect(moved.title == "ORD-002")
            #expect(!moved.path.contains("receipt"))
            let missing = try user.get("/orders/order/ORD-001?present=receipt/ORD-999")
            #expect(missing.status == 404)
            #expect(missing.title == "ORD-001", "the stack's screen, with the reason")
        }
    }
}
