/// A button of an alert or confirmation dialog: a link (`.link`), or a form posted to the screen
/// with its `_action` (`.submit`), as SwiftUI's `Button(_:role:action:)`.
public struct AlertButton: Sendable {
    /// What a button does, which sets how it looks (SwiftUI's `ButtonRole`). Buttons are drawn
    /// in the order given; a role does not move one.
    public enum Role: String, Sendable {
        /// Deletes or discards something: red text on a faint red fill.
        case destructive
        /// Leaves without acting: tinted text with no fill.
        case cancel
    }

    /// The button's label.
    public let title: String
    /// The button's role, or nil for an ordinary one (tinted text on a faint tinted fill).
    public let role: Role?
    let href: String?
    let action: String?
    let fields: [String: String]

    /// A button that goes to `href` (usually `context.href(.dismiss)`).
    public static func link(_ title: String, role: Role? = nil, href: String) -> AlertButton {
        AlertButton(title: title, role: role, href: href, action: nil, fields: [:])
    }

    /// A button that posts the form `action` with `fields` to the screen it is shown on.
    public static func submit(
        _ title: String, role: Role? = nil, action: String, fields: [String: String] = [:]
    ) -> AlertButton {
        AlertButton(title: title, role: role, href: nil, action: action, fields: fields)
    }
}

/// A button as `navigation/button.mustache` draws it: a link, or a form with its token.
struct ButtonModel: Sendable {
    struct Field: Sendable {
        let name: String
        let value: String
    }

    struct Form: Sendable {
        let formAction: String
        let formToken: String
        let action: String
        let fields: [Field]
    }

    let title: String
    let role: String
    let href: String?
    let form: Form?

    init<Schema>(_ button: AlertButton, context: ScreenContext<Schema>) {
        title = button.title
        role = button.role?.rawValue ?? "default"
        href = button.href
        form = button.action.map { action in
            Form(formAction: context.formAction, formToken: context.formToken, action: action,
                 fields: button.fields.sorted { $0.key < $1.key }.map { Field(name: $0.key, value: $0.value) })
        }
    }
}

/// The model of `navigation/alert.mustache`.
struct AlertModel: Sendable {
    let message: String?
    let buttons: [ButtonModel]
}

extension Screen {
    /// An alert or confirmation dialog (`.alert(_:isPresented:actions:message:)`): a title, an
    /// optional message and its buttons, rendered by `navigation/alert`.
    ///
    /// ```swift
    /// .alert("Delete Order?", message: "This cannot be undone.", buttons: [
    ///     .submit("Delete", role: .destructive, action: "deleteOrder"),
    ///     .link("Cancel", role: .cancel, href: context.href(.dismiss)),
    /// ], context: context)
    /// ```
    public static func alert<Schema>(
        _ title: String, message: String? = nil, buttons: [AlertButton], context: ScreenContext<Schema>
    ) -> Screen {
        let models = buttons.map { ButtonModel($0, context: context) }
        return Screen(title: title, template: "navigation/alert", model: AlertModel(message: message, buttons: models))
    }
}
