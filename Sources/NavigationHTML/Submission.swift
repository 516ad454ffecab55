import MicroHTTP
import Navigation

/// A form posted to a screen: the `_action` it names and its other fields.
///
/// ```html
/// <form method="post" action="{{formAction}}">
///   <input type="hidden" name="_token" value="{{formToken}}">
///   <input type="hidden" name="_action" value="saveOrder">
///   <input name="title" value="{{title}}">
/// </form>
/// ```
public struct Submission: Sendable {
    /// The form's `_action` field: which of the screen's actions was posted; empty when the form
    /// had none.
    public let action: String
    /// The other fields by name, as posted (the first value of a repeated name), without
    /// `_action` and `_token`. Values are not trimmed; `subscript(_:)` trims them.
    public let fields: [String: String]

    /// A submission of `action` with `fields`, as the responder makes for a posted form.
    public init(action: String, fields: [String: String]) {
        self.action = action
        self.fields = fields
    }

    /// The field's value with surrounding whitespace removed, or "" when absent.
    public subscript(_ name: String) -> String {
        (fields[name] ?? "").trimmingWhitespace
    }

    /// The field's value, trimmed as `subscript(_:)` trims it, when it keeps `rule`; else throws
    /// ``InvalidField``, which the responder answers as ``SubmissionOutcome/invalidField(_:message:)``
    /// (422, the form again with the message beside the field).
    ///
    /// ```swift
    /// let title = try form.text("title", TextRule(label: "title", maxLength: 100))
    /// ```
    public func text(_ name: String, _ rule: TextRule) throws(InvalidField) -> String {
        switch rule.check(self[name]) {
        case .success(let value): value
        case .failure(let problem): throw InvalidField(name, message: problem.message)
        }
    }
}

extension Submission {
    /// Every one of `fields` checked at once against its kind (``FormField/Kind``), whether it
    /// is required and its length: the values by name, trimmed (a toggle's `on` or `off`), or
    /// ``InvalidFields`` naming each field that is wrong, which the responder answers as the form
    /// again (422) with every message beside its field. The fields are the ones the form draws.
    ///
    /// ```swift
    /// func submit(_ form: Submission, context: ScreenContext<AppNavigation>) throws -> SubmissionOutcome<AppNavigation> {
    ///     let values = try form.values(of: BookingForm.fields)
    ///     try store.book(guests: Int(values["guests"]!)!, on: values["date"]!, email: values["email"]!)
    ///     return .navigate([.dismiss])
    /// }
    /// ```
    public func values(of fields: [FormField]) throws(InvalidFields) -> [String: String] {
        var values: [String: String] = [:], refused: [InvalidField] = []
        for field in fields {
            switch field.check(self.fields[field.name]) {
            case .success(let value): values[field.name] = value
            case .failure(let problem): refused.append(problem)
            }
        }
        guard refused.isEmpty else { throw InvalidFields(refused) }
        return values
    }
}

/// Posted fields that were not accepted, each with its message: thrown from
/// `NavigationApp.submit(_:context:)` (``Submission/values(of:)`` throws it), it is answered as
/// ``SubmissionOutcome/invalidFields(_:)``: the form again (422), every message beside its field.
public struct InvalidFields: Error, Sendable, Equatable {
    /// The fields refused, in the form's order.
    public let fields: [InvalidField]
    /// The refusal of `fields`, in the form's order.
    public init(_ fields: [InvalidField]) {
        self.fields = fields
    }
}

/// A posted field that was not accepted: thrown from `NavigationApp.submit(_:context:)`, it is
/// answered as ``SubmissionOutcome/invalidField(_:message:)`` (422, the form again with `message`
/// beside the field named `field`).
public struct InvalidField: Error, Sendable, Equatable {
    /// The field's name, as posted.
    public let field: String
    /// Why it was not accepted, in a sentence for the user.
    public let message: String
    /// `field` was not accepted, for `message`.
    public init(_ field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// What a submission leads to.
public enum SubmissionOutcome<Schema: NavigationSchema>: Sendable {
    /// Done: apply these navigation actions and answer 303 See Other with the resulting screen's
    /// URL (Post/Redirect/Get). `[.dismiss]` closes the sheet; `[.dismiss, .pop]` also pops the
    /// screen below it, as a child that deleted its item tells its parent.
    case navigate([NavigationAction<Schema>])
    /// The input was not accepted: the same screen renders again with `message` and the user's
    /// input (`ScreenContext.value(_:default:)`), status 422.
    case invalid(String)
    /// The input of one field was not accepted: the form renders again (422) with the user's
    /// input and `message` beside the field named `field` (its `aria-describedby`), as a form
    /// says which field is wrong.
    case invalidField(String, message: String)
    /// The input of several fields was not accepted: the form renders again (422) with the
    /// user's input and each message beside its field, the first in error focused. See
    /// ``Submission/values(of:)``, which checks every field of a form at once.
    case invalidFields([InvalidField])
    /// `navigate(_:)`, and the next page says `notice` once (a `role="alert"` notice), as
    /// after an action whose result is not itself a screen ("History cleared").
    case navigateWithNotice([NavigationAction<Schema>], notice: String)
    /// `navigate(_:)`, with these query arguments of the app's on the URL it leads to: what the
    /// next screen reads from ``ScreenContext/query``, such as edits kept while a dialog asks
    /// whether to discard them (named `presented-…`, a presentation's own, they stay while the
    /// presentation does). The library's own names (`present`, `select`, …) are left out.
    ///
    /// ```swift
    /// return .navigateWithArguments([.presentOver(.discardChanges(orderId: id))],
    ///                               arguments: ["presented-title": form.title])
    /// ```
    case navigateWithArguments([NavigationAction<Schema>], arguments: [String: String])
    /// Signed in as `identity`: the answer sets `cookie` (the app's, such as
    /// ``SignInCookie/setCookie(account:generation:for:now:)`` makes), the state starts anew as
    /// `identity`'s (`NavigationState.bind(to:)`), and the browser goes (303) to the screen the
    /// sign-in was asked for — the `return` argument of the URL the form was posted to, when it
    /// is a path of this site (`ReturnPath`) — or else to the screen `then` leads to.
    case signIn(Schema.Identity, cookie: SetCookie, then: [NavigationAction<Schema>])
    /// Signed out: the answer sets `cookie` (``SignInCookie/removal(for:)``), the state starts
    /// anew with nobody's, and the browser goes (303) to the screen `then` leads to. Move the
    /// account's session generation first, so that copies of its cookie open nothing.
    case signOut(cookie: SetCookie, then: [NavigationAction<Schema>])
}
