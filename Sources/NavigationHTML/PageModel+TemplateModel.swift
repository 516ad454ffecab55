import HTMLTemplates

// What `navigation/page.mustache` reads, by name.

extension PageModel: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "colorScheme": .text(\.colorScheme),
        "transition": .text(\.transition),
        "appName": .text(\.appName),
        "stylesheet": .text(\.stylesheet),
        "appStylesheets": .list(\.appStylesheets),
        "script": .text(\.script),
        "canonicalURL": .text(\.canonicalURL),
        "back": .model(\.back),
        "toolbar": .model(\.toolbar),
        "screenZoom": .text(\.screenZoom),
        "screenSearch": .model(\.screenSearch),
        "isTitleInline": .flag(\.isTitleInline),
        "breadcrumbs": .list(\.breadcrumbs),
        "hasBreadcrumbs": .flag(\.hasBreadcrumbs),
        "tabGroups": .list(\.tabGroups),
        "searchTab": .model(\.searchTab),
        "notice": .text(\.notice),
        "content": .html(\.content),
        "error": .text(\.error),
        "presentation": .model(\.presentation),
        "coveredPresentations": .list(\.coveredPresentations),
        "coversApp": .flag(\.coversApp),
        "split": .model(\.split),
        "accessory": .model(\.accessory),
        "screenActions": .model(\.screenActions),
        "updatesURL": .text(\.updatesURL),
        "windowCookie": .text(\.windowCookie),
        "window": .text(\.window),
    ])
}

extension PageModel.ScreenActions: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "actionsURL": .text(\.actionsURL),
        "actionsToken": .text(\.actionsToken),
    ])
}

extension PageModel.Link: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "href": .text(\.href),
    ])
}

extension PageModel.Crumb: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "href": .text(\.href),
        "isCurrent": .flag(\.isCurrent),
        "collapsed": .text(\.collapsed),
    ])
}

extension PageModel.TabItem: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "name": .text(\.name),
        "title": .text(\.title),
        "href": .text(\.href),
        "isSelected": .flag(\.isSelected),
        "role": .text(\.role),
        "systemImage": .text(\.systemImage),
        "compactHref": .text(\.compactHref),
    ])
}

extension PageModel.SearchTab: TemplateModel {
    // The tab's own fields as well, for `navigation/tab` to draw its link.
    static let templateFields = TemplateFields<Self>([
        "name": .text(\.tab.name),
        "title": .text(\.tab.title),
        "href": .text(\.tab.href),
        "isSelected": .flag(\.tab.isSelected),
        "systemImage": .text(\.tab.systemImage),
        "compactHref": .text(\.tab.compactHref),
        "action": .text(\.action),
        "queryName": .text(\.queryName),
        "query": .text(\.query),
    ])
}

extension PageModel.TabGroup: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "sectionTitle": .text(\.sectionTitle),
        "tabs": .list(\.tabs),
    ])
}

extension PageModel.Presentation: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "level": .text(\.levelText),
        "levelClass": .text(\.levelClass),
        "isCovered": .flag(\.isCovered),
        "style": .text(\.style),
        "detent": .text(\.detent),
        "grabber": .model(\.grabber),
        "role": .text(\.role),
        "title": .text(\.title),
        "content": .html(\.content),
        "presentedBack": .model(\.presentedBack),
        "dismissHref": .text(\.dismissHref),
        "showsClose": .flag(\.showsClose),
        "dismissesInteractively": .flag(\.dismissesInteractively),
        "toolbar": .model(\.toolbar),
        "presentationZoom": .text(\.presentationZoom),
        "presentationSearch": .model(\.presentationSearch),
        "interactsBehind": .flag(\.interactsBehind),
        "interactsUpThrough": .text(\.interactsUpThrough),
        "staysPopover": .flag(\.staysPopover),
        "isAnchored": .flag(\.isAnchored),
    ])
}

extension PageModel.Grabber: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "href": .text(\.href),
        "label": .text(\.label),
        "detent": .text(\.detent),
        "returnLabel": .text(\.returnLabel),
    ])
}

extension PageModel.Split: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "columns": .list(\.columns),
        "columnCount": .number(\.columnCount),
        "visibility": .text(\.visibility),
        "sidebarToggles": .list(\.sidebarToggles),
        "detailTitle": .text(\.detailTitle),
        "detailBack": .model(\.detailBack),
        "detailToolbar": .model(\.detailToolbar),
        "hasDetail": .flag(\.hasDetail),
        "detailContent": .html(\.detailContent),
        "placeholder": .model(\.placeholder),
    ])
}

extension PageModel.Split.Column: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "toolbar": .model(\.toolbar),
        "columnSearch": .model(\.columnSearch),
        "content": .html(\.content),
    ])
}

extension PageModel.Split.SidebarToggle: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "href": .text(\.href),
        "widths": .text(\.widths),
    ])
}

extension PageModel.Stylesheet: TemplateModel {
    static let templateFields = TemplateFields<Self>(["href": .text(\.href)])
}

extension PageModel.Presentation {
    /// The level as the template writes it in ids.
    var levelText: String { String(level) }
    /// The class that stacks a presentation over another (` level-2`); none for the first, whose
    /// markup is what it was before presentations nested.
    var levelClass: String? { level > 1 ? " level-\(level)" : nil }
}
