/// One field of a `Screen.form`: a line of text by default, or another ``Kind`` (an email
/// address, a number, a date, a picker, a toggle, several lines), checked on the server by
/// ``Submission/values(of:)``.
public struct FormField: Sendable {
    /// The text of the field's `<label>`.
    public let label: String
    /// The name its value is posted under, its key in `Submission.fields`; the input's ID is
    /// `field-<name>`. Must be unique within the form and neither `_token` nor `_action`, which
    /// the library's hidden fields use.
    public let name: String
    /// What the field holds when the form is drawn; after a rejected submission the user's input
    /// shows instead (`ScreenContext.value(_:default:)`).
    public let value: String
    /// The most characters the browser lets the user type (`maxlength`); ``Submission/values(of:)``
    /// refuses more (`Submission` itself holds whatever was posted, however long).
    public let maxLength: Int
    /// The `inputmode` hint for phone keyboards, e.g. "decimal"; by default the kind's.
    public let inputMode: String
    /// Whether the form needs it filled in: its Save waits, greyed out, while it is empty, as
    /// SwiftUI's `.disabled(name.isEmpty)` (with the library's script; the field says so with
    /// `aria-required`). The server checks it all the same: without the script, or from `curl`,
    /// an empty field is posted and the app's 422 answers it.
    public let isRequired: Bool
    /// What the field holds, for the browser's autofill and password manager (SwiftUI's
    /// `.textContentType(_:)`, the input's `autocomplete`); nil, the default, says nothing.
    public let textContentType: TextContentType?
    /// A `SecureField`: what is typed is hidden (`type="password"`), and never drawn back into
    /// the page, not even after a rejected submission.
    public let isSecure: Bool
    /// What the field takes, and so the control drawn and what the server accepts.
    public let kind: Kind
    /// The message for a required field left empty (a toggle left off); the library's ("Enter a
    /// title.") when nil.
    public let requiredMessage: String?
    /// The message for a value its kind does not take; the library's ("Enter an email address
    /// such as name@example.com.") when nil.
    public let invalidMessage: String?

    /// A field labelled `label`: a line of text unless `kind` says otherwise; 100 characters at
    /// most (4,000 for several lines), the kind's keyboard and optional by default.
    ///
    /// ```swift
    /// FormField("Name", name: "name", value: "", textContentType: .username, isRequired: true)
    /// FormField("Password", name: "password", value: "", maxLength: 1_024, textContentType: .password,
    ///           isRequired: true, isSecure: true)
    /// FormField("Email", name: "email", value: "", kind: .email, isRequired: true)
    /// FormField("Guests", name: "guests", value: "2", kind: .integer(minimum: 1, maximum: 12))
    /// FormField("Course", name: "course", value: "mains", kind: .picker([.init("Starter", value: "starter"),
    ///                                                                   .init("Main", value: "mains")]))
    /// ```
    public init(
        _ label: String, name: String, value: String, maxLength: Int? = nil, inputMode: String? = nil,
        textContentType: TextContentType? = nil, isRequired: Bool = false, isSecure: Bool = false, kind: Kind = .text,
        requiredMessage: String? = nil, invalidMessage: String? = nil
    ) {
        self.label = label
        self.name = name
        self.value = value
        if case .multiline = kind { self.maxLength = maxLength ?? 4_000 } else { self.maxLength = maxLength ?? 100 }
        self.inputMode = inputMode ?? Self.inputMode(of: kind)
        self.textContentType = textContentType ?? Self.textContentType(of: kind)
        self.isRequired = isRequired
        self.isSecure = isSecure
        self.kind = kind
        self.requiredMessage = requiredMessage
        self.invalidMessage = invalidMessage
    }

    private static func inputMode(of kind: Kind) -> String {
        switch kind {
        case .email: "email"
        case .url: "url"
        case .phone: "tel"
        case .number(_, _, let step): step == 1 ? "numeric" : "decimal"
        default: "text"
        }
    }

    private static func textContentType(of kind: Kind) -> TextContentType? {
        switch kind {
        case .email: .emailAddress
        case .url: TextContentType(rawValue: "url")
        case .phone: TextContentType(rawValue: "tel")
        default: nil
        }
    }
}

/// What a form field holds, for autofill and password managers: an HTML `autocomplete` token.
public struct TextContentType: Sendable, Hashable, RawRepresentable {
    /// The `autocomplete` token.
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An account's name or address, as a sign-in asks for it (`username`).
    public static let username = TextContentType(rawValue: "username")
    /// The account's password, to sign in (`current-password`).
    public static let password = TextContentType(rawValue: "current-password")
    /// A password being chosen, which a password manager may suggest (`new-password`).
    public static let newPassword = TextContentType(rawValue: "new-password")
    /// An email address (`email`).
    public static let emailAddress = TextContentType(rawValue: "email")
    /// A person's full name (`name`).
    public static let name = TextContentType(rawValue: "name")
    /// A code sent for this sign-in (`one-time-code`).
    public static let oneTimeCode = TextContentType(rawValue: "one-time-code")
}

/// The model of `navigation/form.mustache`.
struct FormModel: Sendable {
    struct Field: Sendable {
        let id: String
        let label: String
        let name: String
        let value: String
        let maxLength: Int
        let inputMode: String
        let isRequired: Bool
        let autocomplete: String?
        /// Focused when the form shows: the first field in error, else the first.
        let hasFocus: Bool
        /// Why this field's input was not accepted (`SubmissionOutcome.invalidFields`).
        let error: String?
        /// The input's `type` (`email`, `number`, `password` for a secure field, …); nil for a line
        /// of text, a textarea, a select and a toggle, which the template draws apart.
        let type: String?
        /// `min`, `max` and `step` of a number or a date.
        let minimum: String?
        let maximum: String?
        let step: String?
        /// A textarea of `rows` rows.
        let rows: Int?
        /// A select, and its choices.
        let isSelect: Bool
        let options: [Option]
        /// A toggle, on or off.
        let isToggle: Bool
        let isOn: Bool
    }

    struct Option: Sendable {
        let value: String
        let title: String
        let isSelected: Bool
    }

    struct Hidden: Sendable {
        let name: String
        let value: String
    }

    /// The form's `id`, which its Save in the bar names (`form="…"`).
    let formID: String
    let formAction: String
    let formToken: String
    let action: String
    let hidden: [Hidden]
    let fields: [Field]
    /// A rejection that is about no one field: shown above the fields.
    let error: String?
    let cancelHref: String
    let submitTitle: String
}

extension Screen {
    /// A form that owns its actions, as the seeds' `EditItemSheet`: Cancel leaves through
    /// `cancelHref`, Save posts `action` to the screen. The two sit in the screen's bar, as
    /// `ToolbarItem`s at `.cancellationAction` and `.confirmationAction` (so a presented form
    /// shows no Close); Save is a submit button of the form, whose `id` is `form-<action>`, and
    /// works without JavaScript as the form's own would. With the library's script, Save waits
    /// while a required field is empty and says `pendingTitle` while the post is on its way,
    /// pressed once only (the seeds' `.disabled(isSaving || name.isEmpty)`). After a rejected
    /// submission the fields
    /// show what the user typed, and the message shows beside the field it is about
    /// (`SubmissionOutcome.invalidField`), or above the fields. `hidden` fields are posted as
    /// they are (and kept through a rejection): an identifier that makes a second post of the
    /// same form recognisable, say.
    ///
    /// ```swift
    /// .form("Edit Order", action: "saveOrder", fields: [
    ///     FormField("Title", name: "title", value: context.value("title", default: order.title)),
    /// ], cancelHref: context.href(.dismiss), context: context)
    /// ```
    ///
    /// With a `cancelAction`, Cancel posts the form as that action instead of leaving: the app
    /// sees what the fields hold and leaves at once when nothing changed, or asks first ("Discard
    /// changes?", a dialog presented over the form) when something did. Return still saves.
    public static func form<Schema>(
        _ title: String, action: String, fields: [FormField], hidden: [String: String] = [:],
        submitTitle: String = "Save", pendingTitle: String = "Saving…", cancelHref: String,
        cancelAction: String? = nil, context: ScreenContext<Schema>
    ) -> Screen {
        let errors = context.fieldErrors
        let firstInError = fields.first { errors[$0.name] != nil }?.name
        let models = fields.enumerated().map { index, field in
            field.model(
                value: field.isSecure ? "" : context.value(field.name, default: field.value),
                isToggledOn: context.submitted.map { $0[field.name] == "on" },
                hasFocus: firstInError.map { $0 == field.name } ?? (index == 0), error: errors[field.name])
        }
        let inError = firstInError
        let hiddenModels = hidden.sorted { $0.key < $1.key }.map {
            FormModel.Hidden(name: $0.key, value: context.value($0.key, default: $0.value))
        }
        let formID = "form-\(action)"
        return Screen(title: title, template: "navigation/form", model: FormModel(
            formID: formID, formAction: context.formAction, formToken: context.formToken, action: action,
            hidden: hiddenModels, fields: models, error: inError == nil ? context.error : nil, cancelHref: cancelHref,
            submitTitle: submitTitle))
        .toolbar([
            cancelAction.map { ToolbarItem("Cancel", placement: .cancellationAction, submitting: formID, as: $0) }
                ?? ToolbarItem("Cancel", placement: .cancellationAction, href: cancelHref),
            ToolbarItem(submitTitle, placement: .confirmationAction, submitting: formID, pendingTitle: pendingTitle),
        ])
    }
}
