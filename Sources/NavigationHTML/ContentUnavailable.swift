import HTMLTemplates

/// What a screen shows when it has nothing to show, as SwiftUI's `ContentUnavailableView`: an
/// icon, a title, a line saying why, and an optional way forward.
///
/// ```swift
/// Screen.list("Orders", sections: sections, whenEmpty: ContentUnavailable(
///     "No Orders", systemImage: "bag", description: "Orders you place appear here.",
///     action: .init("New Order", href: context.href(.present(.newOrder)))))
/// ```
///
/// A list shows it when none of its sections has a row; a split view's detail column shows one
/// until something is selected (``SplitColumns``); ``search(text:)`` is a search without results.
public struct ContentUnavailable: Sendable {
    /// A link under the description.
    public struct Action: Sendable {
        /// What the link says.
        public let title: String
        /// Where it leads.
        public let href: String

        /// A link titled `title` to `href`.
        public init(_ title: String, href: String) {
            self.title = title
            self.href = href
        }
    }

    /// What is missing, as a heading: "No Orders".
    public var title: String
    /// A large icon above the title, by an SF Symbol name of the library's set; nil for none.
    public var systemImage: String?
    /// Why, or what to do: "Orders you place appear here."; nil for none.
    public var description: String?
    /// A way forward; nil for none.
    public var action: Action?
    /// The `id` of its heading, for a region it names (the split view's detail column).
    var headingID: String?

    /// An empty state titled `title`.
    public init(_ title: String, systemImage: String? = nil, description: String? = nil, action: Action? = nil) {
        self.title = title
        self.systemImage = systemImage?.isEmpty == false ? systemImage : nil
        self.description = description
        self.action = action
    }

    /// A search for `text` that found nothing, in the words of `ContentUnavailableView.search(text:)`.
    public static func search(text: String) -> ContentUnavailable {
        ContentUnavailable(
            "No Results for “\(text)”", systemImage: "magnifyingglass",
            description: "Check the spelling or try a new search.")
    }
}

extension ContentUnavailable: TemplateModel {
    // Not `title` and `href` for the action: an empty one would find the state's own title.
    public static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "headingID": .text(\.headingID),
        "systemImage": .text(\.systemImage),
        "description": .text(\.description),
        "actionTitle": .text { $0.action?.title },
        "actionHref": .text { $0.action?.href },
    ])
}

extension Screen {
    /// A screen that is only `unavailable`, titled `title`.
    public static func unavailable(_ title: String, _ unavailable: ContentUnavailable) -> Screen {
        Screen(title: title, template: "navigation/unavailable", model: unavailable)
    }
}
