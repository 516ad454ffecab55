/// A SwiftUI-style `List` for `Templates/navigation/list.mustache`: sections of rows, each row a
/// link (`NavigationLink`), a labeled value (`LabeledContent`) or plain text.
///
/// ```swift
/// Screen.list("Orders", sections: [
///     ListSection(rows: orders.map { ListRow($0.title, subtitle: $0.id, value: $0.price,
///                                            href: context.href(.push(.orderDetail(orderId: $0.id)))) })
/// ])
/// ```
public struct ListScreen: Sendable {
    public var sections: [ListSection]

    public init(sections: [ListSection]) {
        self.sections = sections
    }
}

/// A titled group of rows.
public struct ListSection: Sendable {
    public var header: String?
    public var footer: String?
    public var rows: [ListRow]

    public init(_ header: String? = nil, footer: String? = nil, rows: [ListRow]) {
        self.header = header
        self.footer = footer
        self.rows = rows
    }
}

/// One row: a title, optional subtitle and trailing value, and a link when `href` is set.
public struct ListRow: Sendable {
    public var title: String
    public var subtitle: String?
    public var value: String?
    public var href: String?
    /// The selected row of a list that is a split-view column.
    public var isSelected: Bool
    /// Buttons at the end of the row (a `Button` in a SwiftUI `List`).
    var buttons: [ButtonModel] = []

    public init(
        _ title: String, subtitle: String? = nil, value: String? = nil, href: String? = nil, isSelected: Bool = false
    ) {
        self.title = title
        self.subtitle = subtitle
        self.value = value
        self.href = href
        self.isSelected = isSelected
    }
}

extension ListRow {
    /// A row with buttons at its end, each a link or a form posted to the screen.
    ///
    /// ```swift
    /// ListRow("Beta tab", value: "Off", buttons: [.submit("Turn On", action: "setBeta", fields: ["on": "1"])],
    ///         context: context)
    /// ```
    public init<Schema>(
        _ title: String, subtitle: String? = nil, value: String? = nil, buttons: [AlertButton],
        context: ScreenContext<Schema>
    ) {
        self.init(title, subtitle: subtitle, value: value)
        self.buttons = buttons.map { ButtonModel($0, context: context) }
    }
}

extension Screen {
    /// A screen that is a list, rendered by `navigation/list`.
    public static func list(_ title: String, sections: [ListSection]) -> Screen {
        Screen(title: title, template: "navigation/list", model: ListScreen(sections: sections))
    }
}
