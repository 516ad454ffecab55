import HTMLTemplates

// What `navigation/list.mustache` reads, by name.

extension ListScreen: TemplateModel {
    public func field(_ name: String) -> TemplateValue {
        name == "sections" ? .list(sections) : .missing
    }
}

extension ListSection: TemplateModel {
    public func field(_ name: String) -> TemplateValue {
        switch name {
        case "header": .text(header)
        case "footer": .text(footer)
        case "rows": .list(rows)
        default: .missing
        }
    }
}

extension ListRow: TemplateModel {
    public func field(_ name: String) -> TemplateValue {
        switch name {
        case "title": .text(title)
        case "subtitle": .text(subtitle)
        case "value": .text(value)
        case "href": .text(href)
        case "isSelected": .flag(isSelected)
        case "buttons": .list(buttons)
        case "hasButtons": .flag(!buttons.isEmpty)
        default: .missing
        }
    }
}
