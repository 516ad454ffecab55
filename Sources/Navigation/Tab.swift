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
/// so it must be a non-empty URL-safe word.
public protocol Tab: Hashable, Codable, Sendable, CaseIterable, RawRepresentable
where RawValue == String, AllCases: RandomAccessCollection {
    /// The label shown in the tab bar.
    var title: String { get }
}
