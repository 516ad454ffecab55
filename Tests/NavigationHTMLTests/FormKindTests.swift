import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// Every kind of field: the control drawn, what the server accepts, and every refusal at once.
@Suite struct FormKindTests {
    static let fields = [
        FormField("Name", name: "name", value: "", isRequired: true),
        FormField("Email", name: "email", value: "", isRequired: true, kind: .email),
        FormField("Website", name: "website", value: "", kind: .url),
        FormField("Phone", name: "phone", value: "", kind: .phone),
        FormField("Guests", name: "guests", value: "2", kind: .integer(minimum: 1, maximum: 12)),
        FormField("Budget", name: "budget", value: "", kind: .number(minimum: 0, maximum: nil, step: 0.5)),
        FormField("Day", name: "day", value: "", kind: .date(earliest: "2026-01-01", latest: "2026-12-31")),
        FormField("Notes", name: "notes", value: "", kind: .multiline(lines: 3)),
        FormField("Course", name: "course", value: "", isRequired: true, kind: .picker([
            .init("Starter", value: "starter"), .init("Main", value: "main")])),
        FormField("Reminders", name: "reminders", value: "on", kind: .toggle),
        FormField("I accept the terms", name: "terms", value: "", isRequired: true, kind: .toggle,
                  requiredMessage: "Accept the terms to book."),
    ]

    static let good = ["name": "Ana", "email": "ana@example.com", "website": "https://ana.example",
                       "phone": "+44 (0)20 7946-0958", "guests": "4", "budget": "120.5", "day": "2026-02-28",
                       "notes": "Window seat,\nplease.", "course": "main", "terms": "on"]

    func submission(_ fields: [String: String]) -> Submission { Submission(action: "book", fields: fields) }

    @Test func goodValuesAreTakenTrimmedWithTogglesOnOrOff() throws {
        var posted = Self.good
        posted["name"] = "  Ana  "
        let values = try submission(posted).values(of: Self.fields)
        #expect(values["name"] == "Ana" && values["guests"] == "4" && values["notes"] == "Window seat,\nplease.")
        #expect(values["reminders"] == "off" && values["terms"] == "on", "an unchecked box is not posted")
        #expect(values["website"] == "https://ana.example" && values["day"] == "2026-02-28")
    }

    @Test func everyBadFieldIsNamedAtOnceInTheFormsOrder() {
        let bad = ["name": "", "email": "ana@", "website": "javascript:alert(1)", "phone": "call me", "guests": "13",
                   "budget": "12.3", "day": "2026-02-30", "notes": String(repeating: "x", count: 4_001), "course": "dessert"]
        #expect(throws: InvalidFields([
            InvalidField("name", message: "Enter a name."),
            InvalidField("email", message: "Enter an email address such as name@example.com."),
            InvalidField("website", message: "Enter a web address such as https://example.com."),
            InvalidField("phone", message: "Enter a telephone number: digits, and + ( ) - . or spaces."),
            InvalidField("guests", message: "Enter a whole number from 1 to 12."),
            InvalidField("budget", message: "Enter a number of 0 or more."),
            InvalidField("day", message: "Enter a date from 2026-01-01 to 2026-12-31, as 2026-11-27."),
            InvalidField("notes", message: "Use at most 4000 characters."),
            InvalidField("course", message: "Choose a course from the list."),
            InvalidField("terms", message: "Accept the terms to book."),
        ])) { try submission(bad).values(of: Self.fields) }
    }

    @Test func eachKindTakesWhatItShouldAndNoMore() {
        let cases: [(FormField.Kind, accepted: [String], refused: [String])] = [
            (.text, ["Ana", "Ünïcödé ✓"], ["two\nlines"]),
            (.email, ["a@b.co", "first.last+tag@sub.example.org"], ["a@b", "@b.co", "a b@c.de", "a@b..c", "a@-b.co", "a@b.co\u{0}"]),
            (.url, ["https://example.com/a?b=c", "http://localhost:8080"], ["example.com", "ftp://example.com", "https://", "https://a b.c"]),
            (.phone, ["020 7946 0958", "+1-202-555-0143", "(555) 0143"], ["12", "555-CALL", String(repeating: "1", count: 21)]),
            (.integer(minimum: -5, maximum: 5), ["-5", "0", "5"], ["5.5", "6", "-6", "1e400", "nan", "inf", "0x10"]),
            (.number(minimum: nil, maximum: nil, step: nil), ["3.14", "-2", "1e3"], ["pi", "1,5", "infinity"]),
            (.date(earliest: nil, latest: nil), ["2024-02-29", "1999-12-31"], ["2023-02-29", "2026-13-01", "26-01-01", "2026-1-1", "2026-01-01T00:00"]),
            (.picker([.init("A", value: "a")]), ["a"], ["b", "A"]),
        ]
        for (kind, accepted, refused) in cases {
            let field = FormField("Value", name: "v", value: "", kind: kind)
            for value in accepted { #expect((try? field.check(value).get()) == value, "\(kind) takes \(value)") }
            for value in refused { #expect((try? field.check(value).get()) == nil, "\(kind) refuses \(value)") }
        }
        let custom = FormField("Code", name: "code", value: "", isRequired: true, kind: .integer(minimum: 1000, maximum: 9999),
                               requiredMessage: "The code is on the card.", invalidMessage: "The code has four digits.")
        #expect(custom.check("").failure == InvalidField("code", message: "The code is on the card."))
        #expect(custom.check("12").failure == InvalidField("code", message: "The code has four digits."))
    }

    /// The app's form through the responder: the controls a browser knows, then a post with
    /// three bad fields answered once (422) with every message beside its field.
    @Test func theFormDrawsEachKindAndAnswersEveryRefusalAtOnce() async throws {
        let responder = try NavigationResponder(app: BookingApp(), cookie: StateCookie<Notes>(
            keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!))
        let page = try await responder.respond(to: Request(method: .get, path: "/archive"))
        let html = String(decoding: page.bodyBytes, as: UTF8.self)
        for markup in [#"<input id="field-email" type="email" name="email""#, #"autocomplete="email""#,
                       #"<input id="field-website" type="url""#, #"<input id="field-phone" type="tel""#,
                       #"type="number" name="guests" value="2" inputmode="numeric" min="1" max="12" step="1""#,
                       #"type="number" name="budget" value="" inputmode="decimal" min="0" step="0.5""#,
                       #"type="date" name="day" value="" inputmode="text" min="2026-01-01" max="2026-12-31""#,
                       #"<textarea id="field-notes" name="notes" rows="3" maxlength="4000""#,
                       #"<select id="field-course" name="course" aria-required="true"><option value="" selected>Choose…</option><option value="starter">Starter</option>"#,
                       #"<input id="field-reminders" type="checkbox" role="switch" name="reminders" value="on" checked>"#] {
            #expect(html.contains(markup), "\(markup)")
        }
        #expect(!html.contains(#"type="number" name="guests" value="2" maxlength"#), "no maxlength on a number")
        let token = try #require(html.firstMatch(of: #/name="_token" value="([^"]*)"/#)?.output.1)
        let cookie = try #require(page.cookies.first?.value)
        var posted = Self.good
        (posted["email"], posted["guests"], posted["course"]) = ("ana@", "0", "starter")
        posted["terms"] = nil
        posted["reminders"] = nil
        posted["_token"] = String(token)
        posted["_action"] = "book"
        let refused = try await responder.respond(to: Request(
            method: .post, path: "/archive", cookies: ["nav": cookie], form: posted))
        let again = String(decoding: refused.bodyBytes, as: UTF8.self)
        #expect(refused.status == .unprocessableContent)
        #expect(again.components(separatedBy: #"class="field-error""#).count - 1 == 3)
        #expect(again.contains(#"name="email" value="ana@" maxlength="100" inputmode="email" autocomplete="email" aria-required="true" aria-invalid="true" aria-describedby="field-email-error" autofocus>"#), "the first in error has the focus")
        #expect(again.contains(#"<p class="field-error" id="field-guests-error" role="alert">Enter a whole number from 1 to 12.</p>"#))
        #expect(again.contains(#"<p class="field-error" id="field-terms-error" role="alert">Accept the terms to book.</p>"#))
        #expect(again.contains(#"<option value="starter" selected>Starter</option>"#), "what was chosen stays chosen")
        #expect(again.contains(#"name="reminders" value="on" aria-describedby"#) == false)
        #expect(!again.contains(#"name="reminders" value="on" checked"#), "a toggle turned off stays off")
    }
}

/// A booking form of every kind on the archive tab's root.
struct BookingApp: NavigationApp {
    typealias Schema = Notes
    let name = "Bookings"
    func title(for route: NoteRoute) throws -> String { "Note" }
    func root(of tab: NoteTab, context: ScreenContext<Notes>) throws -> Screen {
        .form("Book", action: "book", fields: FormKindTests.fields, cancelHref: context.href(.selectTab(.notes)), context: context)
    }
    func screen(for route: NoteRoute, context: ScreenContext<Notes>) throws -> Screen { .list("Note", sections: []) }
    func submit(_ form: Submission, context: ScreenContext<Notes>) throws -> SubmissionOutcome<Notes> {
        _ = try form.values(of: FormKindTests.fields)
        return .navigate([.selectTab(.notes)])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
