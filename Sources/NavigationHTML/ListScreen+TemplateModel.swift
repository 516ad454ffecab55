import HTMLTemplates

// What `navigation/list.mustache` reads, by name.

extension ListScreen: TemplateModel {
    public static let templateFields = TemplateFields<Self>([
        "sections": .list(\.sections),
        "unavailable": .model(\.unavailable),
        "showsUnavailable": .flag { $0.showsUnavailable },
    ])
}

extension ListSection: TemplateModel {
    public static let templateFields = TemplateFields<Self>([
        "header": .text(\.header),
        "footer": .text(\.footer),
        "rows": .list(\.rows),
    ])
}

extension ListRow: TemplateModel {
    public static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "subtitle": .text(\.subtitle),
        "value": .text(\.value),
        "href": .text(\.href),
        "isSelected": .flag(\.isSelected),
        "systemImage": .text(\.systemImage),
        "buttons": .list(\.buttons),
        "hasButtons": .flag { !$0.buttons.isEmpty },
        "zoomSource": .text(\.zoomName),
    ])
}
