import HTMLTemplates

// What `navigation/button.mustache` and `navigation/alert.mustache` read, by name.

extension ButtonModel: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "title": .text(title)
        case "role": .text(role)
        case "href": .text(href)
        case "form": .model(form)
        default: .missing
        }
    }
}

extension ButtonModel.Form: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "formAction": .text(formAction)
        case "formToken": .text(formToken)
        case "action": .text(action)
        case "fields": .list(fields)
        default: .missing
        }
    }
}

extension ButtonModel.Field: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "name": .text(self.name)
        case "value": .text(value)
        default: .missing
        }
    }
}

extension AlertModel: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "message": .text(message)
        case "buttons": .list(buttons)
        default: .missing
        }
    }
}
