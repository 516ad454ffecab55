import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// A form on a stack screen, not presented: the archive tab's root asks for a reason.
struct ArchiveFormApp: NavigationApp {
    typealias Schema = Notes
    let name = "Notes"
    func title(for route: NoteRoute) throws -> String { "Note" }
    func root(of tab: NoteTab, context: ScreenContext<Notes>) throws -> Screen {
        .form("Archive", action: "archive", fields: [FormField("Reason", name: "reason", value: "")],
              cancelHref: context.href(.selectTab(.notes)), context: context)
    }
    func screen(for route: NoteRoute, context: ScreenContext<Notes>) throws -> Screen {
        .list("Note", sections: [])
    }
    func submit(_ form: Submission, context: ScreenContext<Notes>) throws -> SubmissionOutcome<Notes> {
        // The reason is kept as a flow's draft, as a multi-step form keeps its earlier steps.
        form["reason"].isEmpty ? .invalid("Give a reason.") : .navigate([.recordFlow(ArchiveDraft(reason: form["reason"])), .selectTab(.notes)])
    }
}

@Suite struct StackFormTests {
    /// A rejected form says why once, inside the form, where a presented form says it too; the
    /// page's own message above the screen is for screens that do not show it.
    let cookie = StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    /// Posts the archive form with `reason`, with the page's token and cookie as a browser would.
    func archive(_ reason: String) async throws -> Response {
        let responder = try NavigationResponder(
            app: ArchiveFormApp(), cookie: cookie)
        let page = try await responder.respond(to: Request(method: .get, path: "/archive"))
        let html = String(decoding: page.bodyBytes, as: UTF8.self)
        let token = try #require(html.firstMatch(of: #/name="_token" value="([^"]*)"/#)?.output.1)
        let value = try #require(page.cookies.first?.value)
        return try await responder.respond(to: Request(
            method: .post, path: "/archive", cookies: ["nav": value],
            form: ["_action": "archive", "reason": reason, "_token": String(token)]))
    }

    @Test func aRejectedFormOnTheStackSaysWhyOnce() async throws {
        let rejected = try await archive("")
        #expect(rejected.status == .unprocessableContent)
        let shown = String(decoding: rejected.bodyBytes, as: UTF8.self)
        #expect(shown.matches(of: #/Give a reason\./#).count == 1, "\(shown)")
        #expect(shown.contains(#"id="form-error">Give a reason.</p>"#))
    }

    /// A draft the cookie cannot carry would be dropped by the browser, cookie and all: the form
    /// says so and keeps what was typed, and nothing is set.
    @Test func aDraftTooLargeForTheCookieIsRefusedNotLost() async throws {
        let kept = try await archive("Moved to the archive")
        #expect(kept.status == .seeOther)
        let written = try #require(kept.cookies.first?.value)
        #expect(cookie.read(written)?.state.flow == ArchiveDraft(reason: "Moved to the archive"))

        let long = String(repeating: "a long reason ", count: 400)
        let refused = try await archive(long)
        #expect(refused.status == .unprocessableContent)
        let html = String(decoding: refused.bodyBytes, as: UTF8.self)
        #expect(html.contains("more than this form can keep"))
        #expect(html.contains(#"value="\#(long)""#), "what was typed is kept")
        #expect(refused.cookies.allSatisfy { $0.name.utf8.count + 1 + $0.value.utf8.count <= cookie.maxSize })
    }
}
