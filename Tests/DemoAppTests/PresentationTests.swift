import Foundation
import Testing
import HTTPTestSupport

/// Every presentation style: opened by a link, in the URL, cold from curl, and closed again.
@Suite struct PresentationTests {
    static let presentations: [(link: String, opener: String, style: String, role: String, title: String, close: String)] = [
        ("/orders", "Books", "sheet", "dialog", "Order Details", "Done"),
        ("/orders/order/ORD-001", "Edit", "sheet", "dialog", "Edit Order", "Cancel"),
        ("/orders/order/ORD-001", "Delete Order", "confirmationDialog", "alertdialog", "Delete ORD-001?", "Cancel"),
        ("/profile", "Edit Profile", "sheet", "dialog", "Edit Profile", "Cancel"),
        ("/profile", "Photo", "fullScreenCover", "dialog", "Alex Appleseed", "Close"),
        ("/profile", "Options", "popover", "dialog", "Options", "Close"),
        ("/profile", "About", "alert", "alertdialog", "Navigation Demo", "OK"),
        ("/home", "Search", "sheet", "dialog", "Search", "Cancel"),
    ]

    @Test(arguments: presentations.indices)
    func opensByLinkSurvivesReloadOpensColdAndCloses(_ index: Int) async throws {
        let item = Self.presentations[index]
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let background = try user.get(item.link)
            let opened = try user.follow(item.opener)
            #expect(opened.status == 200)
            #expect(opened.path.contains("?present="), "the presentation is in the URL: \(opened.path)")
            #expect(opened.presentation?.style == item.style)
            #expect(opened.presentation?.role == item.role)
            #expect(opened.html.contains(#"<h2 id="presentation-title">\#(item.title)</h2>"#))
            // The order sheet at half height leaves the list behind usable; the rest are modal.
            let usableBehind = item.opener == "Books"
            #expect(opened.html.contains(#"<div class="app" inert>"#) != usableBehind, "the screen behind is inert")
            #expect(opened.html.contains(#"aria-modal="true""#) != usableBehind)
            #expect(opened.title == background.title, "the background screen is rendered behind it")

            #expect(try user.get(opened.path).presentation?.style == item.style, "reload keeps it")
            let cold = try UserAgent(port: port).get(opened.path)
            #expect(cold.presentation?.style == item.style, "a fresh client sees it")
            let state = try UserAgent(port: port).get(opened.path, accept: "application/json").response
            let json = try JSONSerialization.jsonObject(with: Data(state.body)) as? [String: Any]
            #expect((json?["presentation"] as? [String: Any])?["style"] as? String == item.style)

            // The order form's Cancel posts it (to ask first when it holds edits); unchanged, it leaves.
            let closed = item.title == "Edit Order"
                ? try NestedPresentationTests.post([
                    "_action": "saveOrder", "_submitter": "cancelEdit",
                    "title": try #require(opened.inputValue("title")), "amount": try #require(opened.inputValue("amount"))],
                    as: user)
                : try user.get(try #require(opened.href(item.close)))
            #expect(closed.path == item.link)
            #expect(closed.presentation == nil)
        }
    }

    @Test func theOrderSheetOpensAtTheMediumDetentAndPushesInItsOwnStack() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let sheet = try user.get("/orders?present=order/ORD-001")
            #expect(sheet.html.contains("presentation sheet detent-medium"))
            let pushed = try user.follow("View Full Details")
            #expect(pushed.path == "/orders?present=order/ORD-001&presented-path=order/ORD-001")
            #expect(pushed.title == "Orders", "the background stack does not move")
            #expect(pushed.html.contains(#"<h2 id="presentation-title">ORD-001</h2>"#))
            let back = try user.get(try #require(pushed.href("Order Details")))
            #expect(back.path == "/orders?present=order/ORD-001")
        }
    }

    @Test func popoverLinksLeaveThePopoverForTheScreenBehind() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/profile?present=options")
            #expect(try user.follow("Settings").path == "/profile/settings")
        }
    }
}

extension PresentationTests {
    /// As in SwiftUI: an alert closes through its buttons only, and so does a screen that asks
    /// `interactiveDismissDisabled()` (the onboarding; the order form once it holds edits the
    /// server sent back): the page behind is no link, and the script is told not to close it.
    @Test func alertsTheOnboardingAndAFormWithEditsCloseThroughTheirButtonsOnly() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let about = try user.get("/profile").href("About")
            let byButtons = [try user.get(try #require(about)), try user.get("/home?present=onboarding/welcome")]
            #expect(byButtons[0].presentation?.style == "alert")
            // A confirmation dialog closes from outside, as an action sheet does.
            let dialog = try user.get("/orders/order/ORD-001?present=delete-order/ORD-001")
            #expect(dialog.presentation?.style == "confirmationDialog")
            #expect(dialog.html.contains(#"<a class="scrim""#) && !dialog.html.contains("data-dismiss"))
            let sheet = try user.get("/orders/order/ORD-002?present=edit-order/ORD-002")
            #expect(sheet.html.contains(#"<a class="scrim" href="/orders/order/ORD-002" tabindex="-1""#))
            #expect(!sheet.html.contains("data-dismiss"))
            let mended = try user.post(try #require(sheet.formAction), [
                "_token": try #require(sheet.formToken), "_action": "saveOrder", "title": "", "amount": "45"])
            #expect(mended.status == 422)
            for page in byButtons + [mended] {
                #expect(page.html.contains(#"<div class="scrim" aria-hidden="true"></div>"#), "\(page.path)")
                #expect(!page.html.contains(#"<a class="scrim""#), "\(page.path)")
                #expect(page.html.contains(#"data-dismiss="buttons""#), "\(page.path)")
            }
        }
    }

    @Test func aPresentationWithoutItsOwnStackHasNoBackButtonOfItsOwn() async throws {
        try await withDemoServer { port in
            let page = try UserAgent(port: port).get("/orders/order/ORD-001?present=delete-order/ORD-001")
            let dialog = try #require(page.html.split(separator: #"<section id="presentation""#).last)
            #expect(!dialog.contains(#"class="back""#))
        }
    }
}
