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
    /// The `TabSection` it is listed under in a sidebar; nil for a tab of its own.
    var section: String? { get }
    /// `Tab(role: .search)`: the tab that holds the app's search.
    var role: TabRole? { get }
    /// False for a tab that tab customization cannot hide.
    var canBeHidden: Bool { get }
}

/// A tab's special role.
public enum TabRole: String, Codable, Sendable {
    /// The tab that holds the app's search (`Tab(role: .search)`). Navigation treats it as any
    /// other tab.
    case search
}

extension Tab {
    public var section: String? { nil }
    public var role: TabRole? { nil }
    public var canBeHidden: Bool { true }
}
