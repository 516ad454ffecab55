import Navigation

/// The navigation state a page's URL answers with `Accept: application/json`, read without the
/// app's types: the selected tab, every tab's stack, and the presentation, routes and
/// destinations as `JSONValue`s in their `Codable` form.
///
/// ```swift
/// let state = try await browser.state()
/// #expect(state.selectedTab == "notes")
/// #expect(state.path == [["folder": ["name": "Home"]], ["note": ["id": 4]]])
/// #expect(state.presentation == nil)
/// ```
///
/// With the app's schema at hand, `TestBrowser.state(as:)` decodes the same JSON into its
/// `NavigationState` instead.
public struct NavigationSnapshot: Sendable, Hashable, Decodable {
    /// One tab's state.
    public struct TabStack: Sendable, Hashable, Decodable {
        /// The stack, bottom first; empty at the tab's root.
        public let path: [JSONValue]
        /// The split-view selection, sidebar first; empty for a plain stack.
        public let selection: [JSONValue]

        private enum CodingKeys: String, CodingKey { case path, selection }

        /// Reads a tab's state; a missing `path` or `selection` is empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decodeIfPresent([JSONValue].self, forKey: .path) ?? []
            selection = try container.decodeIfPresent([JSONValue].self, forKey: .selection) ?? []
        }
    }

    /// The presentation over the visible screen.
    public struct Presentation: Sendable, Hashable, Decodable {
        /// `sheet`, `fullScreenCover`, `popover`, `alert` or `confirmationDialog`.
        public let style: String
        /// The destination in its `Codable` form (`{"compose":{"folder":"Home"}}`).
        public let destination: JSONValue
        /// The stack pushed inside the presentation; usually empty.
        public let path: [JSONValue]
        /// The detent a sheet rests at, when the state names one.
        public let detent: String?
        /// What it presents over itself, when anything: an array of at most one, since a value
        /// cannot hold one of its own type directly.
        private let over: [Presentation]

        /// What this presentation presents over itself, or nil.
        public var presented: Presentation? { over.first }

        private enum CodingKeys: String, CodingKey { case style, destination, path, detent, presentation }

        /// Reads a presentation; `style` and `destination` are required.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            style = try container.decode(String.self, forKey: .style)
            destination = try container.decode(JSONValue.self, forKey: .destination)
            path = try container.decodeIfPresent([JSONValue].self, forKey: .path) ?? []
            detent = try container.decodeIfPresent(String.self, forKey: .detent)
            over = try container.decodeIfPresent(Presentation.self, forKey: .presentation).map { [$0] } ?? []
        }

        /// `style` as the library's type, or nil for a style it does not know.
        public var presentationStyle: PresentationStyle? {
            PresentationStyle(rawValue: style)
        }
    }

    /// The selected tab's name (`Tab.rawValue`).
    public let selectedTab: String
    /// Every tab's state by name.
    public let tabs: [String: TabStack]
    /// The presentation, or nil when none is shown; what it presents over itself is its
    /// ``Presentation/presented``.
    public let presentation: Presentation?
    /// The whole JSON document, for what the fields above leave out (`tabOrder`, `features`…).
    public let json: JSONValue

    private enum CodingKeys: String, CodingKey { case selectedTab, tabs, presentation }

    /// Reads the state's JSON; `selectedTab` is required, every other field may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        selectedTab = try container.decode(String.self, forKey: .selectedTab)
        tabs = try container.decodeIfPresent([String: TabStack].self, forKey: .tabs) ?? [:]
        presentation = try container.decodeIfPresent(Presentation.self, forKey: .presentation)
        json = try JSONValue(from: decoder)
    }

    /// Every presentation, bottom first: the first, what it presents over itself, and so on.
    ///
    /// ```swift
    /// #expect(try await browser.state().presentations.map(\.destination) == [["orderSheet": …], ["editOrder": …]])
    /// ```
    public var presentations: [Presentation] {
        var chain: [Presentation] = []
        var next = presentation
        while let presented = next {
            chain.append(presented)
            next = presented.presented
        }
        return chain
    }

    /// The visible stack: the selected tab's path.
    public var path: [JSONValue] {
        tabs[selectedTab]?.path ?? []
    }
}
