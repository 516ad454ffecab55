import Navigation

/// Every screen that can be pushed in the demo, as in the seeds' `Route` enum. Swift's
/// synthesized `Codable` gives the JSON state form, e.g. `{"orderDetail":{"orderId":"ORD-001"}}`.
public enum DemoRoute: Route {
    case userDetail(userId: Int)
    case settings
    case orderHistory
    case orderDetail(orderId: String)
    case category(categoryId: String)
    case recipe(recipeId: String)

    public var pathSegments: [String] {
        switch self {
        case .userDetail(let userId): ["user", String(userId)]
        case .settings: ["settings"]
        case .orderHistory: ["orders"]
        case .orderDetail(let orderId): ["order", orderId]
        case .category(let categoryId): ["category", categoryId]
        case .recipe(let recipeId): ["recipe", recipeId]
        }
    }

    public static func parse(_ path: inout PathReader) -> DemoRoute? {
        switch path.next() {
        case "user": path.next().flatMap { Int($0) }.map { .userDetail(userId: $0) }
        case "settings": .settings
        case "orders": .orderHistory
        case "order": path.next().map { .orderDetail(orderId: $0) }
        case "category": path.next().map { .category(categoryId: $0) }
        case "recipe": path.next().map { .recipe(recipeId: $0) }
        default: nil
        }
    }
}

/// The demo's tabs, each with its own stack.
public enum DemoTab: String, Tab {
    case home, recipes, orders, profile

    public var title: String { rawValue.capitalized }
}

/// What the demo presents over a screen: one optional destination.
public enum DemoDestination: Destination {
    case search

    public var style: PresentationStyle {
        switch self {
        case .search: .sheet
        }
    }

    public var pathSegments: [String] {
        switch self {
        case .search: ["search"]
        }
    }

    public static func parse(_ path: inout PathReader) -> DemoDestination? {
        switch path.next() {
        case "search": .search
        default: nil
        }
    }
}
