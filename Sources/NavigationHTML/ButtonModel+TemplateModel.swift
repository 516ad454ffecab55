import HTMLTemplates

// What `navigation/button.mustache` and `navigation/alert.mustache` read, by name.

extension ButtonModel: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "role": .text(\.role),
        "href": .text(\.href),
        "form": .model(\.form),
    ])
}

extension ButtonModel.Form: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "formAction": .text(\.formAction),
        "formToken": .text(\.formToken),
        "action": .text(\.action),
        "fields": .list(\.fields),
    ])
}

extension ButtonModel.Field: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "name": .text(\.name),
        "value": .text(\.value),
    ])
}

extension AlertModel: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "message": .text(\.message),
        "buttons": .list(\.buttons),
    ])
}
