import MicroHTTP
import Navigation

/// An app served by `NavigationResponder`: it names its navigation vocabulary (`Schema`) and
/// says what each screen shows. The library draws everything around it — navigation bar, back
/// button, breadcrumb, tab bar, presentations — and keeps the state in the URL and the cookie.
///
/// The requirements that ask for data are `async throws`, so an app awaits its clients
/// (postgres-nio, an HTTP client) where it needs them; a synchronous method satisfies them just
/// as well, and one that never waits is run to the end on the server thread that received the
/// request. A waiting request holds no thread (see `HTTPResponder`).
///
/// ```swift
/// struct ShopApp: NavigationApp {
///     typealias Schema = ShopNavigation
///     let name = "Shop"
///     let db: PostgresClient
///     func title(for route: ShopRoute) async throws -> String { ... }
///     func root(of tab: ShopTab, context: ScreenContext<ShopNavigation>) async throws -> Screen {
///         let rows = try await db.query("SELECT id, name FROM product ORDER BY name")
///         ...
///     }
///     func screen(for route: ShopRoute, context: ScreenContext<ShopNavigation>) throws -> Screen { ... }
/// }
/// ```
///
/// Throw `HTTPError(.notFound, "…")` for an item that does not exist: the stack is cut just
/// below that screen and the message shows with status 404. Throw `HTTPError.unavailable(…)`
/// when a dependency is down: the client gets 503 with `Retry-After` and its cookie stays as
/// it was.
public protocol NavigationApp: Sendable {
    /// The app's routes, tabs and destinations, and how its URLs and deep links read.
    associatedtype Schema: NavigationSchema

    /// The app's name, shown after each page title.
    var name: String { get }

    /// The title of a pushed screen, for the navigation bar, the back button and the breadcrumb.
    func title(for route: Schema.Route) async throws -> String

    /// The title of a pushed screen as `identity` sees it (nil: nobody signed in); by default
    /// `title(for:)`. An app with accounts answers here, throwing 404 for an item that is not
    /// `identity`'s exactly as for one that does not exist, and has `title(for:)` answer for
    /// nobody.
    func title(for route: Schema.Route, identity: Schema.Identity?) async throws -> String

    /// Who the request comes from: the app reads its own sign-in (a ``SignInCookie``, a header a
    /// trusted proxy sets) and answers the account, or nil for nobody, the default. Asked once
    /// per request, before anything else the app is asked; every screen, title and form then
    /// gets the answer (`ScreenContext.identity`), and the state is bound to it
    /// (`NavigationState.bind(to:)`). Throw `HTTPError.unavailable(…)` when the accounts cannot
    /// be read.
    func identity(for request: Request) async throws -> Schema.Identity?

    /// Where a signed-out visitor is sent for a screen that needs an account
    /// (`NavigationState.requiresSignIn`): the state of the app's sign-in, a screen or a
    /// presentation that itself needs none, made from the visitor's `state`. The library answers
    /// 303 to its URL with the screen asked for in `return=`, and
    /// `SubmissionOutcome.signIn(_:cookie:then:)` opens that screen once signed in. By default
    /// the default tab's root.
    func signIn(from state: NavigationState<Schema>) -> NavigationState<Schema>

    /// The titles of the screens `routes` name, leaving out each whose item no longer exists
    /// (and holding no route that was not asked about).
    /// Every request asks once, for the screens its page shows (the selected tab's stack and
    /// selection, the presentation's), so an app can answer with one query however deep the
    /// stack is. A remembered screen left out is dropped, as the seeds' `compactMap` does on
    /// restore; a stack the URL names is cut below the first, with `title(for:)`'s error.
    /// Throw only when the answer cannot be known (the database is unreachable): the request then
    /// fails and the remembered stacks stay as they are. By default: `title(for:)` of each
    /// route, leaving out those for which it throws a 4xx `HTTPError`.
    func titles(of routes: Set<Schema.Route>) async throws -> [Schema.Route: String]

    /// `titles(of:)` as `identity` sees them, the one the library asks; by default each route's
    /// `title(for:identity:)`, leaving out those for which it throws a 4xx `HTTPError`, or for an
    /// app without accounts `titles(of:)`.
    func titles(of routes: Set<Schema.Route>, identity: Schema.Identity?) async throws -> [Schema.Route: String]

    /// Runs everything a GET or HEAD asks of the app (titles, screens, split columns) inside
    /// one call: an app whose data lives in a database can answer all of it from one read, so a
    /// page shows one consistent snapshot and takes one connection instead of one per question.
    /// It may run `body` again (a read that found its snapshot moved, started over): `body`
    /// only reads and renders, but calls `navigationChanged(_:context:)`. By default: `body()`.
    ///
    /// ```swift
    /// func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
    ///     try await db.withConnection { connection in   // the app's reads then use it
    ///         try await Page.$connection.withValue(connection, operation: body)
    ///     }
    /// }
    /// ```
    func reading<Result>(_ body: () async throws -> Result) async throws -> Result

    /// The root screen of a tab.
    func root(of tab: Schema.Tab, context: ScreenContext<Schema>) async throws -> Screen

    /// A pushed screen.
    func screen(for route: Schema.Route, context: ScreenContext<Schema>) async throws -> Screen

    /// The content of a presentation over the visible screen.
    func screen(for destination: Schema.Destination, context: ScreenContext<Schema>) async throws -> Screen

    /// What `/` opens: the restored state by default. An app may present a first-run flow here,
    /// as SwiftUI apps present onboarding on first launch; deep links are never redirected.
    func launch(_ restored: NavigationState<Schema>) -> NavigationState<Schema>

    /// The color scheme pages use in this state (`preferredColorScheme`); nil follows the system.
    func colorScheme(in state: NavigationState<Schema>) -> ColorScheme?

    /// The columns of `tab` in a wide window, or nil for a tab that is a plain stack.
    func splitColumns(for tab: Schema.Tab, context: ScreenContext<Schema>) async throws -> SplitColumns?

    /// The bar kept above a phone's tab bar and at the foot of a wide window's sidebar, on every
    /// tab, while the app has something to show there (`tabViewBottomAccessory(isEnabled:)`); nil,
    /// the default, for none. Usually read from the state's `sceneStorage`.
    func bottomAccessory(context: ScreenContext<Schema>) async throws -> BottomAccessory?

    /// Handles a form posted to the screen `context` shows (already checked to come from this
    /// site). Throw `HTTPError(.badRequest, …)` for an action the screen does not have.
    func submit(_ submission: Submission, context: ScreenContext<Schema>) async throws -> SubmissionOutcome<Schema>

    /// Called once each time a page shows navigation that moved from the page before it, as
    /// SwiftUI's `onChange(of: path)` runs: a push or a pop, another tab, a presentation opened
    /// or closed, a split view's new selection; `movement` says which, `context.state` where it
    /// led. Not on a reload, a redirect, a rejected form or a JSON answer, nor on a first visit
    /// whose page before is not known. Does nothing by default.
    ///
    /// ```swift
    /// func navigationChanged(_ movement: NavigationMovement, context: ScreenContext<ShopNavigation>) async {
    ///     context.logger.info("navigated", metadata: ["movement": "\(movement)", "url": "\(context.state.url)"])
    /// }
    /// ```
    func navigationChanged(_ movement: NavigationMovement, context: ScreenContext<Schema>) async

    /// Reads a deep link (a path whose first segment is no tab) with the app's data and the
    /// URL's query at hand, as `onOpenURL` may look an item up before it navigates: a recipe
    /// named by its title opened by its id, a search opened with its words. The answer is a 303
    /// to the link's URL. Return nil to leave the path to the schema's `deepLink(_:)` (and, if
    /// it does not read it either, to a 404); throw `HTTPError(.notFound, …)` for a link that
    /// names nothing, which the page then says. Asked before the schema's; nil by default.
    ///
    /// ```swift
    /// func deepLink(_ path: PathReader, query: [String: String]) async throws -> DeepLink<ShopNavigation>? {
    ///     var path = path
    ///     guard path.next() == "product", let name = path.next(), path.isAtEnd else { return nil }
    ///     guard let product = try await store.product(named: name) else {
    ///         throw HTTPError(.notFound, "There is no product “\(name)”.")
    ///     }
    ///     return DeepLink(Location(tab: .shop, path: [.product(id: product.id)]))
    /// }
    /// ```
    func deepLink(_ path: PathReader, query: [String: String]) async throws -> DeepLink<Schema>?
}

extension NavigationApp {
    public func navigationChanged(_ movement: NavigationMovement, context: ScreenContext<Schema>) async {}

    public func deepLink(_ path: PathReader, query: [String: String]) async throws -> DeepLink<Schema>? { nil }

    public func screen(for destination: Schema.Destination, context: ScreenContext<Schema>) async throws -> Screen {
        throw HTTPError(.notFound, "This app presents nothing here.")
    }

    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await body()
    }

    public func title(for route: Schema.Route, identity: Schema.Identity?) async throws -> String {
        try await title(for: route)
    }

    public func identity(for request: Request) async throws -> Schema.Identity? {
        nil
    }

    public func signIn(from state: NavigationState<Schema>) -> NavigationState<Schema> {
        NavigationState()
    }

    public func titles(of routes: Set<Schema.Route>, identity: Schema.Identity?) async throws -> [Schema.Route: String] {
        guard Schema.Identity.self != Never.self else { return try await titles(of: routes) }
        return try await titles(of: routes) { try await title(for: $0, identity: identity) }
    }

    public func launch(_ restored: NavigationState<Schema>) -> NavigationState<Schema> {
        restored
    }

    public func colorScheme(in state: NavigationState<Schema>) -> ColorScheme? {
        nil
    }

    public func titles(of routes: Set<Schema.Route>) async throws -> [Schema.Route: String] {
        try await titles(of: routes) { try await title(for: $0) }
    }

    /// Each route's `title`, leaving out those for which it throws a 4xx `HTTPError`: what both
    /// default `titles` do.
    private func titles(
        of routes: Set<Schema.Route>, _ title: (Schema.Route) async throws -> String
    ) async throws -> [Schema.Route: String] {
        var titles: [Schema.Route: String] = [:]
        for route in routes {
            do {
                titles[route] = try await title(route)
            } catch let error as HTTPError where (400..<500).contains(error.status.code) {
                continue
            }
        }
        return titles
    }

    public func splitColumns(for tab: Schema.Tab, context: ScreenContext<Schema>) async throws -> SplitColumns? {
        nil
    }

    public func bottomAccessory(context: ScreenContext<Schema>) async throws -> BottomAccessory? {
        nil
    }

    public func submit(_ submission: Submission, context: ScreenContext<Schema>) async throws -> SubmissionOutcome<Schema> {
        throw HTTPError(.methodNotAllowed, "This app takes no forms.")
    }
}

/// A page's color scheme.
public enum ColorScheme: String, Sendable {
    /// Light colors, whatever the system's setting.
    case light
    /// Dark colors, whatever the system's setting.
    case dark
}
