import Navigation

/// The demo's navigation vocabulary and its deep links, read as the seeds' `handleDeepLink`
/// reads them: `/user/42`, `/order/ORD-001` (order history, then the order), `/settings`,
/// `/search` (presented over the root), `/recipe/apple-pie`, `/category/desserts`, and
/// multi-step links such as `/category/desserts/recipe/apple-pie`.
public enum DemoNavigation: NavigationSchema {
    public typealias Route = DemoRoute
    public typealias Tab = DemoTab
    public typealias Destination = DemoDestination
    public typealias Draft = OnboardingDraft

    public static let defaultTab = DemoTab.home

    /// The Beta tab shows only while the "beta" feature flag is on (Settings › Labs).
    public static func isHidden(_ tab: DemoTab, in state: NavigationState<DemoNavigation>) -> Bool {
        tab == .beta && !state.features.contains(betaFeature)
    }

    public static let betaFeature = "beta"

    public static func deepLink(_ path: inout PathReader) -> Location<DemoNavigation>? {
        switch path.peek() {
        case "user", "settings":
            return Location(tab: .home, path: routes(from: &path, first: ["user", "settings"]))
        case "order":
            _ = path.next()
            guard let orderId = path.next() else { return Location(tab: .home, path: [.orderHistory]) }
            return Location(tab: .home, path: [.orderHistory, .orderDetail(orderId: orderId)])
        case "search":
            _ = path.next()
            return Location(tab: .home, presentation: .search)
        case "category", "recipe":
            return Location(tab: .recipes, path: routes(from: &path, first: ["category", "recipe"]))
        default:
            return nil
        }
    }

    /// Reads routes while the next segment is one of `kinds`, as the seeds' multi-step loop does;
    /// what cannot be read stays in `path` and is reported as not found.
    private static func routes(from path: inout PathReader, first kinds: Set<String>) -> [DemoRoute] {
        var routes: [DemoRoute] = []
        while let kind = path.peek(), kinds.contains(kind) {
            var attempt = path
            guard let route = DemoRoute.parse(&attempt) else { break }
            path = attempt
            routes.append(route)
        }
        return routes
    }
}
