import Navigation

/// Where a deep link read with the app's data leads (``NavigationApp/deepLink(_:query:)``): a
/// location, and the app's own query arguments its URL keeps (a search's words).
///
/// ```swift
/// DeepLink(Location(tab: .home, presentation: .search), arguments: ["presented-q": "pie"])
/// // its url: "/home?present=search&presented-q=pie"
/// ```
public struct DeepLink<Schema: NavigationSchema>: Sendable, Hashable {
    /// The screen the link opens.
    public var location: Location<Schema>
    /// The app's query arguments on the URL; names the library uses (`present`, …) are left out.
    public var arguments: [String: String]

    /// A link to `location`, with the app's `arguments` on its URL.
    public init(_ location: Location<Schema>, arguments: [String: String] = [:]) {
        self.location = location
        self.arguments = arguments
    }

    /// The canonical URL the deep link is answered with (303).
    public var url: String {
        Links<Schema>.url(location.url, adding: ScreenContext<Schema>.appArguments(of: arguments))
    }
}
