import Navigation

/// What `NavigationApp.titles(of:)` answered for every screen a request holds.
struct ScreenTitles<Route: Hashable & Sendable>: Sendable {
    private(set) var byRoute: [Route: String]
    /// True when the app left none of the screens asked about out: nothing is dropped from the
    /// remembered stacks or cut from the visible one, so neither is walked to look for one.
    let isComplete: Bool

    init() {
        self.init([:], of: [])
    }

    /// The answer holds only routes asked about, so it is complete when it has as many.
    init(_ titles: [Route: String], of routes: Set<Route>) {
        byRoute = titles
        isComplete = titles.count == routes.count
    }

    subscript(route: Route) -> String? {
        get { byRoute[route] }
        set { byRoute[route] = newValue }
    }
}
