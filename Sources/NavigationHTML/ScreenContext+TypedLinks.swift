import Navigation

// Rows, toolbar items and accessories that lead where a navigation action leads, built from the
// screen's context: the common case takes an action, so it cannot be a mistyped path. The
// `href:` initializers stay for links an app builds itself (another site, a file).

extension ListRow {
    /// A row that leads where `action` leads from the screen `context` draws, as
    /// `NavigationLink(value:)` does.
    ///
    /// ```swift
    /// ListRow("Work", value: "3", to: .push(.folder("Work")), in: context, systemImage: "folder")
    /// ```
    public init<Schema>(
        _ title: String, subtitle: String? = nil, value: String? = nil, to action: NavigationAction<Schema>,
        in context: ScreenContext<Schema>, isSelected: Bool = false, systemImage: String? = nil
    ) {
        self.init(title, subtitle: subtitle, value: value, href: context.href(action), isSelected: isSelected,
                  systemImage: systemImage)
    }
}

extension ToolbarItem {
    /// A toolbar button that leads where `action` leads from the screen `context` draws.
    ///
    /// ```swift
    /// ToolbarItem("New Order", systemImage: "plus", to: .present(.newOrder), in: context)
    /// ```
    public init<Schema>(
        _ title: String, systemImage: String? = nil, placement: ToolbarItemPlacement = .automatic,
        to action: NavigationAction<Schema>, in context: ScreenContext<Schema>
    ) {
        self.init(title, systemImage: systemImage, placement: placement, href: context.href(action))
    }
}

extension BottomAccessory {
    /// An accessory whose title leads where `action` leads from the screen `context` draws.
    ///
    /// ```swift
    /// BottomAccessory("Now Cooking", subtitle: recipe.name, to: .push(.recipe(recipe.id)), in: context)
    /// ```
    public init<Schema>(
        _ title: String, subtitle: String? = nil, systemImage: String? = nil, to action: NavigationAction<Schema>,
        in context: ScreenContext<Schema>, items: [ToolbarItem] = []
    ) {
        self.init(title, subtitle: subtitle, systemImage: systemImage, href: context.href(action), items: items)
    }
}
