import HTMLTemplates

/// A bar the app keeps above a phone's tab bar and at the foot of a wide window's sidebar, on
/// every tab, as SwiftUI's `TabView { … }.tabViewBottomAccessory(isEnabled:) { … }` keeps a mini
/// player: a title that leads back to what it stands for, and buttons.
///
/// ```swift
/// func bottomAccessory(context: ScreenContext<AppNavigation>) async throws -> BottomAccessory? {
///     guard let id = context.state.sceneStorage["playing"] else { return nil }  // isEnabled: false
///     return BottomAccessory("Now Playing", subtitle: try await track(id).title, systemImage: "music.note",
///                            href: context.href(opening: Location(tab: .library, path: [.track(id)])),
///                            items: [ToolbarItem("Stop", systemImage: "stop", posting: "stop")])
/// }
/// ```
///
/// Nil (the default of ``NavigationApp/bottomAccessory(context:)``) draws nothing and reserves no
/// space. A modal presentation covers it, as it covers the tab bar.
public struct BottomAccessory: Sendable {
    /// What it shows, and its accessible name: "Now Cooking".
    public var title: String
    /// A second line: what is cooking; nil for none.
    public var subtitle: String?
    /// An icon before the title, by an SF Symbol name of the library's set; nil for none.
    public var systemImage: String?
    /// Where pressing the title leads; nil for a title that is not a link.
    public var href: String?
    /// Buttons at its trailing end: links, or actions it posts (``ToolbarItem/init(_:systemImage:placement:posting:)``).
    /// Their placements do not move them.
    public var items: [ToolbarItem]

    /// An accessory titled `title`.
    public init(
        _ title: String, subtitle: String? = nil, systemImage: String? = nil, href: String? = nil,
        items: [ToolbarItem] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.systemImage = systemImage?.isEmpty == false ? systemImage : nil
        self.href = href
        self.items = items
    }
}

extension PageModel {
    /// A ``BottomAccessory`` as the page draws it. Its fields have names of their own: a nil one
    /// would otherwise find the page's field of the same name.
    struct Accessory {
        let accessoryTitle: String
        let accessorySubtitle: String?
        let accessoryImage: String?
        let accessoryHref: String?
        let accessoryItems: [ToolbarButton]

        init(_ accessory: BottomAccessory) {
            accessoryTitle = accessory.title
            accessorySubtitle = accessory.subtitle
            accessoryImage = accessory.systemImage
            accessoryHref = accessory.href
            accessoryItems = accessory.items.map(ToolbarButton.init)
        }

        /// Whether a button posts through the page's `screen-actions` form.
        var posts: Bool { accessoryItems.contains { $0.postAction != nil } }
    }
}

extension PageModel.Accessory: TemplateModel {
    static let templateFields = TemplateFields<Self>([
        "accessoryTitle": .text(\.accessoryTitle),
        "accessorySubtitle": .text(\.accessorySubtitle),
        "accessoryImage": .text(\.accessoryImage),
        "accessoryHref": .text(\.accessoryHref),
        "accessoryItems": .list(\.accessoryItems),
    ])
}
