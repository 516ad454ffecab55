/// One of the app's top-level sections: a closed set, each with its own navigation stack
/// (`TabView` with one `NavigationStack` per tab).
///
/// ```swift
/// enum AppTab: String, Tab {
///     case home, settings
///     var title: String { rawValue.capitalized }
/// }
/// ```
///
/// The raw value is the tab's first URL segment (`/home/...`) and its key in the JSON state,
/// so it must be a non-empty URL-safe word that no deep link starts with.
public protocol Tab: Hashable, Codable, Sendable, CaseIterable, RawRepresentable
where RawValue == String, AllCases: RandomAccessCollection {
    /// The label shown in the tab bar.
    var title: String { get }
    /// The tab's icon, named as SwiftUI's `Tab(_:systemImage:)` names an SF Symbol (`"house"`,
    /// `"magnifyingglass"`, `"person"`); nil, the default, shows the title alone. The icon is
    /// decoration beside (or on a phone above) the title, which stays the tab's accessible name.
    /// The page draws it from its stylesheet: `.symbol-<name>` names the image (Public/icons/).
    var systemImage: String? { get }
    /// The `TabSection` it is listed under in a sidebar; nil for a tab of its own.
    var section: String? { get }
    /// `Tab(role: .search)`: the tab that holds the app's search.
    var role: TabRole? { get }
    /// False for a tab that tab customization cannot hide.
    var canBeHidden: Bool { get }
    /// True for a tab that starts out of the tab bar until the user shows it (SwiftUI's
    /// `.defaultVisibility(.hidden, for: .tabBar)`): a new state and "restore defaults" list it in
    /// `TabCustomization.hidden`; once shown it stays shown. False by default.
    var isHiddenByDefault: Bool { get }
    /// For the tab whose `role` is `.search`: the query argument its root reads the search text
    /// from (`/find?q=pie`), under which a wide window's sidebar search field submits. "q" by
    /// default; other tabs never read it.
    var searchQueryName: String { get }
    /// For a tab the app shows as a split view in wide windows: the column a phone's tab bar
    /// opens it on, as `NavigationSplitView(preferredCompactColumn:)` picks the column on top when
    /// the split view collapses into a stack. `.detail`, the default, returns to the screen the
    /// tab was left on; `.content` to the screen of the sidebar's selection (the middle column);
    /// `.sidebar` to the tab's root, the selection dropped as a collapsed split view drops it when
    /// it shows its sidebar. A wide window's sidebar always returns to the selection, which it
    /// shows beside its columns; a tab that is selected already opens its root either way.
    var preferredCompactColumn: SplitViewColumn { get }
    /// True for a tab only a signed-in visitor may open, its root and every screen on its stack
    /// (see ``NavigationState/requiresSignIn``); false by default. To keep it out of the tab bar
    /// too, hide it (`NavigationSchema.isHidden(_:in:)`).
    var requiresSignIn: Bool { get }
}

/// A tab's special role.
public enum TabRole: String, Codable, Sendable {
    /// The tab that holds the app's search (`Tab(role: .search)`). Navigation treats it as any
    /// other tab; the page sets it apart, as iOS 26 and iPadOS do: a round button at the
    /// trailing end of a phone's tab bar, a search field atop a wide window's sidebar.
    case search
}

extension Tab {
    public var systemImage: String? { nil }
    public var section: String? { nil }
    public var role: TabRole? { nil }
    public var canBeHidden: Bool { true }
    public var isHiddenByDefault: Bool { false }
    public var searchQueryName: String { "q" }
    public var preferredCompactColumn: SplitViewColumn { .detail }
    public var requiresSignIn: Bool { false }
}
