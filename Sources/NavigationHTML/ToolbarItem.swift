/// A button in a screen's navigation bar, as SwiftUI's `.toolbar { ToolbarItem { … } }`: a link
/// that the page draws at the bar's trailing end (in a split view, in its column's header).
///
/// ```swift
/// Screen.list("Orders", sections: sections)
///     .toolbar([ToolbarItem("New Order", systemImage: "plus", href: context.href(.present(.newOrder)))])
/// ```
///
/// With a `systemImage` the button shows that icon only and `title` is its accessible name
/// (`aria-label`); without one it shows `title`.
public struct ToolbarItem: Sendable {
    /// What the button says, or with an icon its accessible name.
    public let title: String
    /// The icon's name, as SwiftUI's `systemImage` (`"plus"`, `"square.and.pencil"`), drawn
    /// from the page's stylesheet; nil for a text button.
    public let systemImage: String?
    /// Where the button leads.
    public let href: String

    /// A toolbar button that leads to `href`.
    public init(_ title: String, systemImage: String? = nil, href: String) {
        self.title = title
        self.systemImage = systemImage
        self.href = href
    }
}

extension Screen {
    /// This screen with `items` in its navigation bar, replacing any it had.
    public func toolbar(_ items: [ToolbarItem]) -> Screen {
        var screen = self
        screen.toolbarItems = items
        return screen
    }
}
