import Foundation
@testable import Navigation

// The fixture app, after the seeds' "Complete Navigation Example" (user, settings, orders,
// search) and the API reference's §3 deep links (recipe, category, category + recipe).

enum TestRoute: Route {
    case userDetail(userId: Int)
    case settings
    case orderHistory
    case orderDetail(orderId: String)
    case category(String)
    case recipe(String)

    var pathSegments: [String] {
        switch self {
        case .userDetail(let id): ["user", String(id)]
        case .settings: ["settings"]
        case .orderHistory: ["orders"]
        case .orderDetail(let id): ["order", id]
        case .category(let name): ["category", name]
        case .recipe(let slug): ["recipe", slug]
        }
    }

    static func parse(_ path: inout PathReader) -> TestRoute? {
        switch path.next() {
        case "user": path.next().flatMap { Int($0) }.map { .userDetail(userId: $0) }
        case "settings": .settings
        case "orders": .orderHistory
        case "order": path.next().map { .orderDetail(orderId: $0) }
        case "category": path.next().map { .category($0) }
        case "recipe": path.next().map { .recipe($0) }
        default: nil
        }
    }

    /// One value of every case, with `id` in the identifier.
    static func all(_ id: String, number: Int = 42) -> [TestRoute] {
        [.userDetail(userId: number), .settings, .orderHistory, .orderDetail(orderId: id), .category(id), .recipe(id)]
    }
}

enum TestTab: String, Tab {
    case home, recipes, orders, profile

    var title: String {
        switch self {
        case .home: "Home"
        case .recipes: "Recipes"
        case .orders: "Orders"
        case .profile: "Profile"
        }
    }
}

enum TestDestination: Destination {
    case search
    case orderSheet(orderId: String)
    case deleteConfirmation(orderId: String)
    case photo

    var style: PresentationStyle {
        switch self {
        case .search, .orderSheet: .sheet
        case .deleteConfirmation: .confirmationDialog
        case .photo: .fullScreenCover
        }
    }

    /// The order sheet rests at half height and grows (seed 003's `OrderDetailSheet`).
    var detents: [PresentationDetent] {
        self == .search ? [.large] : [.medium, .large]
    }

    var pathSegments: [String] {
        switch self {
        case .search: ["search"]
        case .orderSheet(let id): ["order", id]
        case .deleteConfirmation(let id): ["delete", id]
        case .photo: ["photo"]
        }
    }

    static func parse(_ path: inout PathReader) -> TestDestination? {
        switch path.next() {
        case "search": .search
        case "order": path.next().map { .orderSheet(orderId: $0) }
        case "delete": path.next().map { .deleteConfirmation(orderId: $0) }
        case "photo": .photo
        default: nil
        }
    }

    /// One value of every case, with `id` in the identifier.
    static func all(_ id: String) -> [TestDestination] {
        [.search, .orderSheet(orderId: id), .deleteConfirmation(orderId: id), .photo]
    }
}

/// A multi-step flow's draft as an app types it: what each step has collected, nil until asked.
struct TestDraft: Codable, Hashable, Sendable {
    var name: String?
    var email: String?
    var theme: String?
    var step = 1
}

enum TestNavigation: NavigationSchema {
    typealias Route = TestRoute
    typealias Tab = TestTab
    typealias Destination = TestDestination
    typealias Draft = TestDraft
    static let defaultTab = TestTab.home

    /// The seeds' `handleDeepLink`: `/user/<id>`, `/order/<id>`, `/settings`, `/search`,
    /// `/recipe/<slug>`, `/category/<name>[/recipe/<slug>]`.
    static func deepLink(_ path: inout PathReader) -> Location<TestNavigation>? {
        switch path.next() {
        case "user":
            guard let id = path.next().flatMap({ Int($0) }) else { return nil }
            return Location(tab: .home, path: [.userDetail(userId: id)])
        case "order":
            guard let id = path.next() else { return nil }
            return Location(tab: .home, path: [.orderHistory, .orderDetail(orderId: id)])
        case "settings":
            return Location(tab: .home, path: [.settings])
        case "search":
            return Location(tab: .home, presentation: .search)
        case "recipe":
            guard let slug = path.next() else { return nil }
            return Location(tab: .recipes, path: [.recipe(slug)])
        case "category":
            guard let name = path.next() else { return nil }
            var location = Location<TestNavigation>(tab: .recipes, path: [.category(name)])
            var attempt = path
            if attempt.next() == "recipe", let slug = attempt.next() {
                location.path.append(.recipe(slug))
                path = attempt
            }
            return location
        default:
            return nil
        }
    }
}

typealias State = NavigationState<TestNavigation>
typealias Loc = Location<TestNavigation>
typealias Match = URLMatch<TestNavigation>

/// Splits a URL built by `Location.url` into what the HTTP server hands `Location.match`: the
/// percent-decoded path and the decoded query arguments.
func decodedRequest(_ url: String) -> (path: String, query: [String: String]) {
    let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0]).removingPercentEncoding ?? "<undecodable path>"
    var query: [String: String] = [:]
    if parts.count == 2 {
        for argument in parts[1].split(separator: "&") {
            let pair = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(pair[0]).removingPercentEncoding ?? "<undecodable key>"
            let value = pair.count == 2 ? String(pair[1]).removingPercentEncoding ?? "<undecodable value>" : ""
            query[key] = value
        }
    }
    return (path, query)
}

/// `Location.match` of a URL as the server would call it.
func matchURL(_ url: String) -> Match {
    let request = decodedRequest(url)
    return Loc.match(path: request.path, query: request.query)
}

/// Identifiers that must survive URLs and cookies: spaces, unicode and URL delimiters.
let hostileIDs: [String] = [
    "ORD-001", "apple pie", "crème brûlée", "日本語", "🍎🥧", "👨‍👩‍👧", "a?b", "a#b", "a&b=c",
    "100%", "%2F", "a+b", "semi;colon", "quote\"'<tag>", "tab\there", " leading", "trailing ",
    "..", "~._-",
]

/// A state with a `depth`-deep stack in each of `tabs`, built from every route case in turn.
func deepState(depth: Int, tabs: [TestTab], selected: TestTab) -> State {
    var state = State(selectedTab: selected)
    for tab in tabs {
        state[tab].path = StackState((0..<depth).map { index in
            let routes = TestRoute.all("\(tab.rawValue)-item-\(index)", number: 1000 + index)
            return routes[index % routes.count]
        })
    }
    return state
}
