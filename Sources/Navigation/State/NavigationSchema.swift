/// Names an app's navigation vocabulary: its routes, its tabs, its presented destinations, and
/// how its deep links read.
///
/// ```swift
/// enum AppNavigation: NavigationSchema {
///     typealias Route = AppRoute
///     typealias Tab = AppTab
///     typealias Destination = AppDestination
///     static let defaultTab = AppTab.home
///
///     static func deepLink(_ path: inout PathReader) -> Location<AppNavigation>? {
///         guard path.next() == "settings" else { return nil }
///         return Location(tab: .home, path: [.settings])
///     }
/// }
/// ```
public protocol NavigationSchema: Sendable {
    /// The screens that can be pushed on a stack or selected in a split view.
    associatedtype Route: Navigation.Route
    /// The top-level sections, each with its own stack.
    associatedtype Tab: Navigation.Tab
    /// What can be presented over a screen.
    associatedtype Destination: Navigation.Destination
    /// Who is signed in, for an app with accounts; `Never`, the default, for one without. See
    /// ``Identity``.
    associatedtype Identity: Navigation.Identity = Never
    /// What a multi-step flow collects before it finishes (a coordinator's draft: the name typed
    /// on one step, the theme picked on the next), kept whole in the cookie as
    /// ``NavigationState/flow`` until the flow ends; `Never`, the default, for an app without one.
    associatedtype Draft: Codable & Hashable & Sendable = Never

    /// The tab selected when nothing says otherwise (a first visit to `/`).
    static var defaultTab: Tab { get }

    /// Reads a deep link (a URL path that does not start with a tab name) into the screen it
    /// opens, as `onOpenURL` + `handleDeepLink` do in SwiftUI. The location's tab is reset to
    /// root and then given the location's path. Return nil for anything that is not a deep link.
    static func deepLink(_ path: inout PathReader) -> Location<Self>?

    /// True for a tab the app hides in `state` (SwiftUI's `.hidden(_:)`), e.g. until a feature
    /// flag is on, or until someone signs in (`state.isSignedIn`). A hidden tab keeps its stack
    /// and comes back with it.
    static func isHidden(_ tab: Tab, in state: NavigationState<Self>) -> Bool

    /// How many presentations may stand over one another (a sheet, an edit sheet over it, a
    /// dialog over that): 3 unless the app says otherwise, at least 1. `.presentOver` beyond it
    /// does nothing, and a URL asking for more is not understood past it.
    static var presentationDepth: Int { get }
}

extension NavigationSchema {
    public static var presentationDepth: Int { 3 }

    /// How many presentations a state holds at most: the app's depth, and never fewer than one.
    static var presentationBound: Int { max(presentationDepth, 1) }

    public static func isHidden(_ tab: Tab, in state: NavigationState<Self>) -> Bool { false }

    public static func deepLink(_ path: inout PathReader) -> Location<Self>? { nil }
}
