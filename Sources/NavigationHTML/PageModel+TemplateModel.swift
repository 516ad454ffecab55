import HTMLTemplates

// What `navigation/page.mustache` reads, by name.

extension PageModel: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "title": .text(title)
        case "colorScheme": .text(colorScheme)
        case "appName": .text(appName)
        case "stylesheet": .text(stylesheet)
        case "script": .text(script)
        case "canonicalURL": .text(canonicalURL)
        case "back": .model(back)
        case "breadcrumbs": .list(breadcrumbs)
        case "hasBreadcrumbs": .flag(hasBreadcrumbs)
        case "tabGroups": .list(tabGroups)
        case "notice": .text(notice)
        case "content": .utf8(content)
        case "error": .text(error)
        case "presentation": .model(presentation)
        case "split": .model(split)
        default: .missing
        }
    }
}

extension PageModel.Link: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "title": .text(title)
        case "href": .text(href)
        default: .missing
        }
    }
}

extension PageModel.Crumb: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "title": .text(title)
        case "href": .text(href)
        case "isCurrent": .flag(isCurrent)
        default: .missing
        }
    }
}

extension PageModel.TabItem: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "name": .text(self.name)
        case "title": .text(title)
        case "href": .text(href)
        case "isSelected": .flag(isSelected)
        case "role": .text(role)
        default: .missing
        }
    }
}

extension PageModel.TabGroup: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "sectionTitle": .text(sectionTitle)
        case "tabs": .list(tabs)
        default: .missing
        }
    }
}

extension PageModel.Presentation: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "style": .text(style)
        case "detent": .text(detent)
        case "role": .text(role)
        case "title": .text(title)
        case "content": .utf8(content)
        case "presentedBack": .model(presentedBack)
        case "dismissHref": .text(dismissHref)
        case "showsClose": .flag(showsClose)
        default: .missing
        }
    }
}

extension PageModel.Split: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "columns": .list(columns)
        case "columnCount": .number(columnCount)
        case "visibility": .text(visibility)
        case "visibilityLinks": .list(visibilityLinks)
        case "detailTitle": .text(detailTitle)
        case "detailBack": .model(detailBack)
        case "hasDetail": .flag(hasDetail)
        case "detailContent": .utf8(detailContent)
        case "placeholder": .text(placeholder)
        default: .missing
        }
    }
}

extension PageModel.Split.Column: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "title": .text(title)
        case "content": .utf8(content)
        default: .missing
        }
    }
}

extension PageModel.Split.Visibility: TemplateModel {
    func field(_ name: String) -> TemplateValue {
        switch name {
        case "title": .text(title)
        case "href": .text(href)
        case "isCurrent": .flag(isCurrent)
        default: .missing
        }
    }
}
