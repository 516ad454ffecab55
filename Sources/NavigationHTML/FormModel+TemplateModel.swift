import HTMLTemplates

// What `navigation/form.mustache` reads, by name.

extension FormModel: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "formAction": .text(\.formAction),
        "formToken": .text(\.formToken),
        "action": .text(\.action),
        "fields": .list(\.fields),
        "error": .text(\.error),
        "cancelHref": .text(\.cancelHref),
        "submitTitle": .text(\.submitTitle),
    ])
}

extension FormModel.Field: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "id": .text(\.id),
        "label": .text(\.label),
        "name": .text(\.name),
        "value": .text(\.value),
        "maxLength": .number(\.maxLength),
        "inputMode": .text(\.inputMode),
        "isFirst": .flag(\.isFirst),
    ])
}
