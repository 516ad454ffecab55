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
        form["reason"].isEmpty ? .invalid("Give a reason.") : .navigate([.selectTab(.notes)])
    }
}

@Suite struct StackFormTests {
    /// A rejected form says why once, inside the form, where a presented form says it too; the
    /// page's own message above the screen is for screens that do not show it.
    @Test func aRejectedFormOnTheStackSaysWhyOnce() async throws {
        let cookie = StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)
        let responder = try NavigationResponder(
            app: ArchiveFormApp(), templates: try TemplateLibrary(directory: NavigationResponderTests.templates), cookie: cookie)
        let page = try await responder.respond(to: Request(method: .get, path: "/archive"))
        let html = String(decoding: page.bodyBytes, as: UTF8.self)
        let token = try #require(html.firstMatch(of: #/name="_token" value="([^"]*)"/#)?.output.1)
        let value = try #require(page.cookies.first?.value)
        let rejected = try await responder.respond(to: Request(
            method: .post, path: "/archive", cookies: ["nav": value],
            form: ["_action": "archive", "reason": "", "_token": String(token)]))
        #expect(rejected.status == .unprocessableContent)
        let shown = String(decoding: rejected.bodyBytes, as: UTF8.self)
        #expect(shown.matches(of: #/Give a reason\./#).count == 1, "\(shown)")
        #expect(shown.contains(#"id="form-error">Give a reason.</p>"#))
    }
}
