/// What the state cookie carries: the selected tab and each visited tab's stack and split-view
/// selection as flat lists of path segments. Segments (not `Codable` route values) keep the
/// cookie small, and parsing them again drops anything the app no longer understands.
struct CookiePayload: Codable, Hashable {
    /// The selected tab.
    var t: String
    /// Tab name → the path segments of its stack.
    var s: [String: [String]]
    /// Tab name → the path segments of its split-view selection; absent when empty.
    var c: [String: [String]]?
    /// A random value fixed for the browser's lifetime of the cookie, to bind form tokens to.
    var n: String?
    /// Tab name → split-view column visibility, where not automatic.
    var v: [String: String]?
    /// The user's tab order, when customized.
    var o: [String]?
    /// Tabs the user hid.
    var h: [String]?
    /// Feature flags switched on.
    var f: [String]?
    /// A notice for the next page.
    var m: String?
    /// The app context (such as the signed-in account).
    var x: String?
    /// A multi-step flow's draft: its JSON, as a string (see `DraftJSON`).
    var w: String?
    /// The app's scene storage.
    var a: [String: String]?
    /// Whose state it is (the signed-in visitor's `Identity.stateKey`).
    var u: String?
    /// The browser window the state is for (`StoredState.window`).
    var i: String?
    /// The other windows' own parts, the most recently used first: each its `i`, `t`, `s` and,
    /// where it has them, `c`, `v`, `a` and `w`.
    var y: [CookiePayload]?

    /// Per tab, each screen's segment count, so trimming removes whole screens.
    private var counts: [String: [Int]] = [:]

    private enum CodingKeys: String, CodingKey { case t, s, c, n, v, o, h, f, m, x, w, a, u, i, y }

    init(t: String, s: [String: [String]]) {
        self.t = t
        self.s = s
    }

    init<Schema>(_ state: NavigationState<Schema>, nonce: String) {
        self.init(window: state)
        n = nonce
        if !state.customization.isAppDefault {
            o = state.customization.arranged.map { $0.rawValue }
            h = state.customization.hidden.map { $0.rawValue }.sorted()
        }
        if !state.features.isEmpty { f = state.features.sorted() }
        x = state.context
        u = state.owner
    }

    /// A window's own part of `state` alone: its tab, stacks, selections, column choices, scene
    /// storage and draft.
    init<Schema>(window state: NavigationState<Schema>) {
        t = state.selectedTab.rawValue
        w = state.flow.map(DraftJSON.text(of:))
        if !state.sceneStorage.isEmpty { a = state.sceneStorage }
        s = [:]
        for tab in Schema.Tab.allCases {
            let tabState = state[tab]
            guard !tabState.isEmpty else { continue }
            let name = tab.rawValue
            if !tabState.path.isEmpty {
                // One pass: each route's segments are made once, for the list and its count.
                var segments: [String] = []
                var counts: [Int] = []
                segments.reserveCapacity(2 * tabState.path.count)
                counts.reserveCapacity(tabState.path.count)
                for route in tabState.path.elements {
                    let routeSegments = route.pathSegments
                    segments.append(contentsOf: routeSegments)
                    counts.append(routeSegments.count)
                }
                s[name] = segments
                self.counts[name] = counts
            }
            if tabState.columns != .automatic {
                v = v ?? [:]
                v?[name] = tabState.columns.rawValue
            }
            if !tabState.selection.isEmpty {
                c = c ?? [:]
                c?[name] = tabState.selection.flatMap { $0.pathSegments }
            }
        }
    }

    /// Removes the least recently used other window, while there is one; then the top screen of
    /// the longest stack. Among stacks of equal length the visible tab's goes first (its screens
    /// are also in the URL and its links), then tabs in `order`. When no stack is left, split-view
    /// selections go. False when nothing is left to remove.
    mutating func trim(visible: String, order: [String]) -> Bool {
        if let others = y {
            y = others.count > 1 ? Array(others.dropLast()) : nil
            return true
        }
        func rank(_ tab: String) -> (Int, Int) {
            (counts[tab]?.count ?? 0, tab == visible ? Int.max : -(order.firstIndex(of: tab) ?? order.count))
        }
        guard let tab = counts.keys.filter({ counts[$0]?.isEmpty == false }).max(by: { rank($0) < rank($1) }),
              let last = counts[tab]?.popLast()
        else {
            if c != nil { c = nil; return true }
            return false
        }
        s[tab]?.removeLast(last)
        if s[tab]?.isEmpty == true { s[tab] = nil }
        return true
    }

    func state<Schema>(of schema: Schema.Type) -> NavigationState<Schema> {
        var state = NavigationState<Schema>(selectedTab: Schema.Tab(rawValue: t) ?? Schema.defaultTab)
        state.customization = TabCustomization(names: o, hidden: h)
        state.features = Set(f ?? [])
        state.context = x
        state.owner = u
        state.flow = w.flatMap { DraftJSON.draft($0, as: Schema.Draft.self) }
        state.sceneStorage = a ?? [:]
        for tab in Schema.Tab.allCases {
            var tabState = TabState<Schema.Route>()
            tabState.path = StackState(Self.routes(s[tab.rawValue] ?? [], of: Schema.self))
            tabState.selection = Self.routes(c?[tab.rawValue] ?? [], of: Schema.self)
            tabState.columns = v?[tab.rawValue].flatMap(ColumnVisibility.init(rawValue:)) ?? .automatic
            state[tab] = tabState
        }
        return state
    }

    /// The stored state: `state(of:)`, with the nonce, the notice and the windows.
    func stored<Schema>(of schema: Schema.Type) -> StoredState<Schema> {
        var stored = StoredState(state: state(of: schema), nonce: n ?? "", notice: m)
        stored.window = i
        for other in y ?? [] {
            guard let id = other.i, !stored.otherWindows.contains(where: { $0.id == id }) else { continue }
            stored.otherWindows.append(OtherWindow(id: id, state: other.state(of: schema)))
        }
        return stored
    }

    static func routes<Schema: NavigationSchema>(_ segments: [String], of: Schema.Type) -> [Schema.Route] {
        routesReadingAll(segments, of: Schema.self).routes
    }

    /// The routes of `segments`, up to the first that does not read, and whether every segment
    /// was read.
    static func routesReadingAll<Schema: NavigationSchema>(
        _ segments: [String], of: Schema.Type
    ) -> (routes: [Schema.Route], isWhole: Bool) {
        var reader = PathReader(segments)
        let routes = reader.readAll(Schema.Route.self)
        return (routes, reader.isAtEnd)
    }
}
