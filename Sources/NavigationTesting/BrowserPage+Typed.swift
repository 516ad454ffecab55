import Foundation
import Navigation

/// The page in the app's own types, so that a test compares with values, not strings.
extension BrowserPage {
    /// The visible tab as the app's `Tab`: ``selectedTab`` read with `Tab(rawValue:)`.
    ///
    /// ```swift
    /// #expect(page.selectedTab(as: ShelfTab.self) == .wishlist)
    /// ```
    public func selectedTab<Tab: Navigation.Tab>(as tab: Tab.Type) -> Tab? {
        selectedTab.flatMap(Tab.init(rawValue:))
    }

    /// The visible tab's stack as the app's routes, read from the URL (``location(as:)``); nil
    /// when the URL names no screen completely.
    ///
    /// ```swift
    /// #expect(page.path(as: ShelfNavigation.self) == [.genre(name: "Poetry"), .book(id: 1)])
    /// ```
    public func path<Schema: NavigationSchema>(as schema: Schema.Type) -> [Schema.Route]? {
        location(as: schema)?.path
    }

    /// The body, JSON, decoded as `T` (an API's answer, the state with `Accept: application/json`).
    ///
    /// ```swift
    /// let order = try page.decode(OrderJSON.self)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: Data(body))
    }
}
