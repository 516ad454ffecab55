/// One text field of a `Screen.form`.
public struct FormField: Sendable {
    public let label: String
    public let name: String
    public let value: String
    public let maxLength: Int
    /// The `inputmode` hint for phone keyboards, e.g. "decimal".
    public let inputMode: String

    public init(_ label: String, name: String, value: String, maxLength: Int = 100, inputMode: String = "text") {
        self.label = label
        self.name = name
        self.value = value
        self.maxLength = maxLength
        self.inputMode = inputMode
    }
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
        let isFirst: Bool
    }

    let formAction: String
    let formToken: String
    let action: String
    let fields: [Field]
    let error: String?
    let cancelHref: String
    let submitTitle: String
}

extension Screen {
    /// A form that owns its actions, as the seeds' `EditItemSheet`: Cancel leaves through
    /// `cancelHref`, Save posts `action` to the screen. After a rejected submission the fields
    /// show what the user typed and the message shows above them.
    ///
    /// ```swift
    /// .form("Edit Order", action: "saveOrder", fields: [
    ///     FormField("Title", name: "title", value: context.value("title", default: order.title)),
    /// ], cancelHref: context.href(.dismiss), context: context)
    /// ```
    public static func form<Schema>(
        _ title: String, action: String, fields: [FormField], submitTitle: String = "Save",
        cancelHref: String, context: ScreenContext<Schema>
    ) -> Screen {
        let models = fields.enumerated().map { index, field in
            FormModel.Field(
                id: "field-\(field.name)", label: field.label, name: field.name,
                value: context.value(field.name, default: field.value), maxLength: field.maxLength,
                inputMode: field.inputMode, isFirst: index == 0)
        }
        return Screen(title: title, template: "navigation/form", model: FormModel(
            formAction: context.formAction, formToken: context.formToken, action: action, fields: models,
            error: context.error, cancelHref: cancelHref, submitTitle: submitTitle))
    }
}
