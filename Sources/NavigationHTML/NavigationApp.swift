import MicroHTTP
import Navigation

/// An app served by `NavigationResponder`: it names its navigation vocabulary (`Schema`) and
/// says what each screen shows. The library draws everything around it — navigation bar, back
/// button, breadcrumb, tab bar, presentations — and keeps the state in the URL and the cookie.
///
/// ```swift
/// struct ShopApp: NavigationApp {
///     typealias Schema = ShopNavigation
///     let name = "Shop"
///     func title(for route: ShopRoute) throws -> String { ... }
///     func root(of tab: ShopTab, context: ScreenContext<ShopNavigation>) throws -> Screen { ... }
///     func screen(for route: ShopRoute, context: ScreenContext<ShopNavigation>) throws -> Screen { ... }
/// }
/// ```
///
/// Throw `HTTPError(.notFound, "…")` for an item that does not exist: the stack is cut just
/// below that screen and the message shows with status 404.
public protocol NavigationApp: Sendable {
    associatedtype Schema: NavigationSchema

    /// The app's name, shown after each page title.
    var name: String { get }

    /// The title of a pushed screen, for the navigation bar, the back button and the breadcrumb.
    func title(for route: Schema.Route) throws -> String

    /// False when the item `route` names no longer exists. Restoring drops such screens from the
    /// remembered stacks, as the seeds' `compactMap` does. By default: `title(for:)` throws.
    func exists(_ route: Schema.Route) -> Bool

    /// The root screen of a tab.
    func root(of tab: Schema.Tab, context: ScreenContext<Schema>) throws -> Screen

    /// A pushed screen.
    func screen(for route: Schema.Route, context: ScreenContext<Schema>) throws -> Screen

    /// The content of a presentation over the visible screen.
    func screen(for destination: Schema.Destination, context: ScreenContext<Schema>) throws -> Screen

    /// What `/` opens: the restored state by default. An app may present a first-run flow here,
    /// as SwiftUI apps present onboarding on first launch; deep links are never redirected.
    func launch(_ restored: NavigationState<Schema>) -> NavigationState<Schema>

    /// The color scheme pages use in this state (`preferredColorScheme`); nil follows the system.
    func colorScheme(in state: NavigationState<Schema>) -> ColorScheme?

    /// The columns of `tab` in a wide window, or nil for a tab that is a plain stack.
    func splitColumns(for tab: Schema.Tab, context: ScreenContext<Schema>) throws -> SplitColumns?

    /// Handles a form posted to the screen `context` shows (already checked to come from this
    /// site). Throw `HTTPError(.badRequest, …)` for an action the screen does not have.
    func submit(_ submission: Submission, context: ScreenContext<Schema>) throws -> SubmissionOutcome<Schema>
}

extension NavigationApp {
    public func screen(for destination: Schema.Destination, context: ScreenContext<Schema>) throws -> Screen {
        throw HTTPError(.notFound, "This app presents nothing here.")
    }

    public func launch(_ restored: NavigationState<Schema>) -> NavigationState<Schema> {
        restored
    }

    public func colorScheme(in state: NavigationState<Schema>) -> ColorScheme? {
        nil
    }

    public func exists(_ route: Schema.Route) -> Bool {
        (try? title(for: route)) != nil
    }

    public func splitColumns(for tab: Schema.Tab, context: ScreenContext<Schema>) throws -> SplitColumns? {
        nil
    }

    public func submit(_ submission: Submission, context: ScreenContext<Schema>) throws -> SubmissionOutcome<Schema> {
        throw HTTPError(.methodNotAllowed, "This app takes no forms.")
    }
}

/// A page's color scheme.
public enum ColorScheme: String, Sendable {
    case light
    case dark
}
