import Navigation
import Foundation

// A schema that writes no path code at all: every route and destination gets its URL from its
// synthesized `Codable` conformance, as `enum Route: Hashable, Codable` does in the seeds.

enum Flavour: String, Codable, Hashable, Sendable { case sweet, sour, umami }
enum Size: Int, Codable, Hashable, Sendable { case small = 1, large = 3 }

/// A struct value: its fields, in order.
struct Slug: Codable, Hashable, Sendable {
    let name: String
    let revision: Int
}

/// A nested route enum, derived too.
enum ShelfRoute: Route {
    case recipe(slug: String)
    case flavour(Flavour)
}

/// A nested route that writes its own segments: composes with the derived ones.
enum LegacyRoute: Route {
    case page(Int)
    var pathSegments: [String] { guard case .page(let number) = self else { return [] }; return ["p\(number)"] }
    static func parse(_ path: inout PathReader) -> LegacyRoute? {
        guard let segment = path.next(), segment.first == "p", let number = Int(segment.dropFirst()) else { return nil }
        return .page(number)
    }
}

enum CodableRoute: Route {
    case userDetail(userId: Int)
    case settings
    case orderDetail(orderId: String)
    case search(query: String?, page: Int?)
    case flavour(Flavour, size: Size)
    case shelf(ShelfRoute)
    case legacy(LegacyRoute)
    case slug(Slug)
    case ratio(Double, exact: Bool)
    case point(x: Int8, y: UInt64)
    case maybeShelf(ShelfRoute?)
}

/// `CodingKeys` rename cases: `/user/42`.
enum RenamedRoute: Route {
    case userDetail(userId: Int)
    case settings

    enum CodingKeys: String, CodingKey {
        case userDetail = "user"
        case settings
    }
}

enum CodableTab: String, Tab {
    case notes, archive
    var title: String { rawValue.capitalized }
}

enum CodableDestination: Destination {
    case help
    case compose(draft: String?)
    var style: PresentationStyle { .sheet }
}

enum CodableNavigation: NavigationSchema {
    typealias Route = CodableRoute
    typealias Tab = CodableTab
    typealias Destination = CodableDestination
    static let defaultTab = CodableTab.notes
}
