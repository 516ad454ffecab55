import HTMLTemplates

// What `navigation/form.mustache` reads, by name.

extension FormModel: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "formAction": .text(formAction)
        case "formToken": .text(formToken)
        case "action": .text(action)
        case "fields": .list(fields)
        case "error": .text(error)
        case "cancelHref": .text(cancelHref)
        case "submitTitle": .text(submitTitle)
        default: .missing
        }
    }
}

extension FormModel.Field: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "id": .text(id)
        case "label": .text(label)
        case "name": .text(self.name)
        case "value": .text(value)
        case "maxLength": .number(maxLength)
        case "inputMode": .text(inputMode)
        case "isFirst": .flag(isFirst)
        default: .missing
        }
    }
}
