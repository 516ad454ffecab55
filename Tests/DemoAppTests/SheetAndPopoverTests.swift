import Foundation
import Testing

/// The order sheet grows (seed 003's `OrderDetailSheet` with `[.medium, .large]`) through its
/// grabber's link, `detent=large`, with no JavaScript; popovers and dialogs say where they came
/// from, so a wide window draws them at their source.
@Suite struct SheetAndPopoverTests {
    static let sheet = "/orders?present=order/ORD-001"

    @Test func theGrabberLinksToTheOtherDetentAndTheURLKeepsIt() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.skipOnboarding()
            let resting = try user.get(Self.sheet)
            #expect(resting.status == 200)
            #expect(resting.html.contains(#"class="presentation sheet detent-medium""#))
            #expect(Self.grabber(resting) == [Self.sheet + "&amp;detent=large", "Expand sheet"])
            let grown = try user.get(Self.sheet + "&detent=large")
            #expect(grown.status == 200)
            #expect(grown.html.contains(#"class="presentation sheet detent-large""#))
            #expect(Self.grabber(grown) == [Self.sheet, "Shrink sheet"])
            #expect(grown.canonical == Self.sheet + "&detent=large")
            let state = try user.get(Self.sheet + "&detent=large", accept: "application/json")
            #expect(state.html.contains(#""detent":"large""#), "\(state.html)")
            let edit = try user.get("/orders/order/ORD-001?present=edit-order/ORD-001")
            #expect(!edit.html.contains("grabber"), "a sheet with one detent has no grabber")
        }
    }

    @Test func aDetentTheSheetLacksIsNotFoundBesideTheNearestScreen() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.skipOnboarding()
            for bad in ["huge", "medium%22%3E%3Cscript%3E"] {
                let page = try user.get("/orders/order/ORD-001?present=edit-order/ORD-001&detent=" + bad)
                #expect(page.status == 404)
                #expect(page.presentation?.style == "sheet", "the valid part still shows")
                #expect(!page.html.contains("<script>"))
            }
            #expect(try user.get("/profile?present=about&detent=large").status == 404, "an alert has no detents")
        }
    }

    @Test func aPopoverNamesTheRowThatOpenedIt() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.skipOnboarding()
            try user.get("/profile")
            let popover = try user.follow("Options")
            #expect(popover.presentation?.style == "popover")
            #expect(popover.html.contains(#"class="presentation popover detent-large anchored compact-popover""#),
                    "drawn at its source, on a phone too")
            let sources = popover.html.matches(of: #/<a ([^>]*)data-presentation-source ([^>]*)>/#)
            #expect(sources.count == 1)
            #expect(sources.first.map { String($0.output.2) } == #"href="/profile?present=options""#)
            let dialog = try user.get("/orders/order/ORD-002?present=order-options/ORD-002")
            #expect(dialog.html.contains(#"anchored""#) && dialog.html.contains("data-presentation-source"))
            // Nothing on the page opens it: drawn where it is drawn without a source.
            let elsewhere = try user.get("/home?present=options")
            #expect(elsewhere.presentation?.style == "popover")
            #expect(!elsewhere.html.contains("anchored") && !elsewhere.html.contains("data-presentation-source"))
            let sheet = try user.get(Self.sheet)
            #expect(!sheet.html.contains("data-presentation-source"), "sheets are not drawn at their source")
        }
    }

    /// The grabber's link and accessible name.
    private static func grabber(_ page: UserAgent.Page) -> [String] {
        guard let match = page.html.firstMatch(of: #/<a class="grabber" href="([^"]*)" aria-label="([^"]*)"/#) else { return [] }
        return [String(match.output.1), String(match.output.2)]
    }
}
