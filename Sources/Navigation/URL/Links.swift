/// The URLs that actions lead to from one state, for a page's links: `url(after:)` is
/// `state.applying(action).url`, but the state's own path is encoded once, so the links a screen
/// commonly has (push, pop, replace, present, dismiss, another tab, the split view's columns)
/// cost the new part of their URL only, not a copy of the state and a walk down its stack each.
///
/// ```swift
/// let links = Links(state)
/// links.url(after: .push(.orderDetail(orderId: "ORD-001")))   // "/home/orders/order/ORD-001"
/// ```
public struct Links<Schema: NavigationSchema>: Sendable {
    /// The state every link starts from: each URL is this state's after an action.
    public let state: NavigationState<Schema>
    /// The visible stack's path, and where in it each screen ends, the tab's root first.
    private let path: String
    /// The visible stack: read once here, as each of a split view's rows asks for it, and
    /// `state.path` copies the tab's state on every read.
    private let stack: StackState<Schema.Route>
    private let ends: [Int]
    /// What the stack's own links keep of the query: the split-view selection and columns.
    private let stackQuery: [String]

    /// The links of `state`, its visible stack's path and split-view query encoded once here.
    public init(_ state: NavigationState<Schema>) {
        self.state = state
        var location = state.location
        location.presentations = []
        stack = state.path
        var ends: [Int] = []
        ends.reserveCapacity(stack.count + 1)
        path = location.pathURL { ends.append($0) }
        self.ends = ends
        stackQuery = location.queryItems
    }

    /// The path of the visible stack's pushed screens, after the tab's root: `/order/ORD-001`.
    var pushedPath: Substring {
        Substring(path.utf8.dropFirst(ends[0]))
    }

    /// The state's own URL, presentation included.
    public var url: String {
        Self.join(path, stackQuery + Location<Schema>.presentationItems(state.presentations))
    }

    /// The URL of each screen of the visible stack, the tab's root first: where the breadcrumbs
    /// lead. Presentations are left behind.
    public var stackURLs: [String] {
        ends.map { stackURL(end: $0) }
    }

    /// The URL of the visible stack cut to its first `depth` pushed screens (0: the tab's root),
    /// as `stackURLs[depth]` without building the others. `depth` is clamped to the stack.
    public func stackURL(depth: Int) -> String {
        stackURL(end: ends[min(max(depth, 0), ends.count - 1)])
    }

    /// The URL of the state after `action`, as `state.applying(action).url`.
    public func url(after action: NavigationAction<Schema>) -> String {
        switch action {
        case .push(let route):
            return Self.join(Location<Schema>.path(path, prefix: path.utf8.count, appending: CollectionOfOne(route)), stackQuery)
        case .pop:
            return stackURL(end: ends[max(ends.count - 2, 0)])
        case .popTo(let id):
            guard let index = stack.ids.firstIndex(of: id) else { break }
            return stackURL(end: ends[index + 1])
        case .popToRoot:
            return stackURL(end: ends[0])
        case .replace(let routes):
            // The routes the stack already starts with are read off its path: a split view's rows
            // each replace the stack below their column, whose selections it holds.
            let shown = stack.elements
            var kept = 0
            while kept < routes.count, kept < shown.count, routes[kept] == shown[kept] { kept += 1 }
            return Self.join(Location<Schema>.path(path, prefix: ends[kept], appending: routes[kept...]), stackQuery)
        case .dismiss where state.presentations.count <= 1, .dismissAll:
            return Self.join(path, stackQuery)
        case .setColumns(let columns):
            // The columns item is the query's last before a presentation's, which this drops.
            var items = stackQuery.filter { !$0.hasPrefix("columns=") }
            if columns != .automatic { items.append("columns=" + columns.rawValue) }
            return Self.join(path, items)
        case .present(let destination) where destination != state.presentation:
            return Self.join(path, stackQuery + Location<Schema>.presentationItems([Presentation(destination)]))
        case .selectTab(let tab) where tab == state.selectedTab:
            return stackURL(end: ends[0])
        case .selectTab(let tab):
            let tabState = state[tab]
            return Location<Schema>(tab: tab, path: tabState.path.elements, selection: tabState.selection, columns: tabState.columns).url
        default:
            break
        }
        return state.applying(action).url
    }

    private func stackURL(end: Int) -> String {
        let prefix = end == path.utf8.count ? path : URLEncoding.string(of: path, prefix: end)
        return Self.join(prefix, stackQuery)
    }

    /// `path`, then `items` after a `?`, each after the first behind a `&`.
    static func join(_ path: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return path }
        // Sized once: `path + "?" + items.joined(separator: "&")` made two strings on the way,
        // and a presented page's every link has a query.
        var url = ""
        url.reserveCapacity(path.utf8.count + items.reduce(items.count) { $0 + $1.utf8.count })
        url.append(path)
        for (index, item) in items.enumerated() {
            url.append(index == 0 ? "?" : "&")
            url.append(item)
        }
        return url
    }
}
