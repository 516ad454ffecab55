import NavigationHTML

/// The screens that can be pushed on a tab's stack. Their URLs come from `Codable`:
/// `.genre(name: "Poetry")` then `.book(id: 1)` in the Library tab is `/library/genre/Poetry/book/1`.
enum ShelfRoute: Route {
    case genre(name: String)
    case book(id: Int)
}

/// The tabs, each with a stack of its own; the raw value is the URL's first segment.
enum ShelfTab: String, Tab {
    case library, wishlist
    var title: String { rawValue.capitalized }
    var systemImage: String? { self == .library ? "book" : "heart" }
}

/// What can be presented over a screen: a sheet whose form adds a book (`?present=addBook/Poetry`).
enum ShelfDestination: Destination {
    case addBook(genre: String)
    var style: PresentationStyle { .sheet }
    var detents: [PresentationDetent] { [.medium, .large] }
}

enum ShelfNavigation: NavigationSchema {
    typealias Route = ShelfRoute
    typealias Tab = ShelfTab
    typealias Destination = ShelfDestination
    static let defaultTab = ShelfTab.library
}
