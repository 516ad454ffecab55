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
    /// The sections, top to bottom.
    public var sections: [ListSection]
    /// What it shows instead when no section has a row; nil to show the sections as they are.
    public var unavailable: ContentUnavailable?

    /// A list of `sections`, or `unavailable` when none has a row.
    public init(sections: [ListSection], whenEmpty unavailable: ContentUnavailable? = nil) {
        self.sections = sections
        self.unavailable = unavailable
    }

    /// Whether it shows `unavailable`: there is one, and no row.
    var showsUnavailable: Bool {
        unavailable != nil && sections.allSatisfy(\.rows.isEmpty)
    }
}

/// A titled group of rows.
public struct ListSection: Sendable {
    /// The heading above the rows (in capitals, in the default stylesheet); nil for none.
    public var header: String?
    /// Small print below the rows; nil for none.
    public var footer: String?
    /// The rows, top to bottom, drawn as one rounded group.
    public var rows: [ListRow]

    /// A section of `rows`, with no heading or footer unless given.
    public init(_ header: String? = nil, footer: String? = nil, rows: [ListRow]) {
        self.header = header
        self.footer = footer
        self.rows = rows
    }
}

/// One row: a title, optional subtitle and trailing value, and a link when `href` is set.
public struct ListRow: Sendable {
    /// The row's main text.
    public var title: String
    /// Smaller, dimmer text under the title; nil for none.
    public var subtitle: String?
    /// Dimmer text at the row's trailing edge (`LabeledContent`'s value); nil for none.
    public var value: String?
    /// Where the row leads: the whole row is then a link, with a chevron at its end; nil for a
    /// row that is not a link.
    public var href: String?
    /// The selected row of a list that is a split-view column.
    public var isSelected: Bool
    /// An icon before the title (SwiftUI's `Label(_:systemImage:)`), by an SF Symbol name of the
    /// library's set (`LibraryAssets.iconNames`); decorative, as the title names the row.
    public var systemImage: String?
    /// Buttons at the end of the row (a `Button` in a SwiftUI `List`).
    var buttons: [ButtonModel] = []
    /// Its `view-transition-name` as a zoom's source (``matchedTransitionSource(id:)``).
    var zoomName: String?

    /// A row without buttons: a link when `href` is given, and not selected unless `isSelected`.
    ///
    /// ```swift
    /// ListRow("Work", value: "3", href: context.href(.push(.folder("Work"))), systemImage: "folder")
    /// ```
    public init(
        _ title: String, subtitle: String? = nil, value: String? = nil, href: String? = nil, isSelected: Bool = false,
        systemImage: String? = nil
    ) {
        self.title = title
        self.subtitle = subtitle
        self.value = value
        self.href = href
        self.isSelected = isSelected
        self.systemImage = systemImage?.isEmpty == false ? systemImage : nil
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
    /// A screen that is a list, rendered by `navigation/list`; with `whenEmpty`, that empty
    /// state instead when no section has a row (SwiftUI's `ContentUnavailableView`).
    public static func list(_ title: String, sections: [ListSection], whenEmpty: ContentUnavailable? = nil) -> Screen {
        Screen(title: title, template: "navigation/list", model: ListScreen(sections: sections, whenEmpty: whenEmpty))
    }
}
