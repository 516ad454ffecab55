/// The cookie's JSON written straight from the state and read straight into it: the bytes and
/// states of going through `CookiePayload`, without its dictionaries keyed by tab names (every
/// name hashed on the way in and again on the way out). `CookiePayload` remains the form that
/// trimming works on.
extension StoredState {
    /// The JSON of `StateCookie.payload(of: self)`, byte for byte.
    var cookieJSON: [UInt8] {
        cookieJSON(visible: nil)
    }

    /// `cookieJSON`; a stack equal to `visible`'s has its segments read off `visible`'s path.
    func cookieJSON(visible: EncodedStack<Schema.Route>?) -> [UInt8] {
        let tabs = state.tabsAwayFromRoot
        var writer = JSONWriter()
        writer.open("{")
        Self.writeOwn("a", of: state, tabs: tabs, into: &writer)
        Self.writeOwn("c", of: state, tabs: tabs, into: &writer)
        if !state.features.isEmpty { writer.key("f"); writer.sortedStrings(state.features) }
        let customization = state.customization
        // The app's own arrangement is left out (a tab hidden by default included): a new user's
        // cookie carries no tab names, and reading one without them gives that arrangement.
        let isCustomized = !customization.isAppDefault
        if isCustomized { writer.key("h"); writer.sortedStrings(customization.hidden.map { $0.rawValue }) }
        if let window { writer.key("i"); writer.string(window) }
        if let notice { writer.key("m"); writer.string(String(notice.prefix(200))) }
        writer.key("n"); writer.string(nonce)
        if isCustomized { writer.key("o"); writer.strings(customization.arranged.map { $0.rawValue }) }
        Self.writeOwn("s", of: state, tabs: tabs, visible: visible, into: &writer)
        Self.writeOwn("t", of: state, tabs: tabs, into: &writer)
        if let owner = state.owner { writer.key("u"); writer.string(owner) }
        Self.writeOwn("v", of: state, tabs: tabs, into: &writer)
        Self.writeOwn("w", of: state, tabs: tabs, into: &writer)
        if let context = state.context { writer.key("x"); writer.string(context) }
        if !otherWindows.isEmpty {
            writer.key("y")
            writer.open("[")
            for other in otherWindows {
                // A window's own part, its keys sorted as the whole's.
                let tabs = other.state.tabsAwayFromRoot
                writer.open("{")
                Self.writeOwn("a", of: other.state, tabs: tabs, into: &writer)
                Self.writeOwn("c", of: other.state, tabs: tabs, into: &writer)
                writer.key("i"); writer.string(other.id)
                for letter: Unicode.Scalar in ["s", "t", "v", "w"] { Self.writeOwn(letter, of: other.state, tabs: tabs, into: &writer) }
                writer.close("}")
            }
            writer.close("]")
        }
        writer.close("}")
        return writer.bytes
    }

    /// Writes the member `letter` of a window's own part, when `state` has one to write: `a` the
    /// scene storage, `c` the split-view selections, `s` the stacks (always), `t` the selected
    /// tab (always), `v` the column choices, `w` the flow's draft.
    private static func writeOwn(
        _ letter: Unicode.Scalar, of state: NavigationState<Schema>, tabs: [(key: String, value: TabState<Schema.Route>)],
        visible: EncodedStack<Schema.Route>? = nil, into writer: inout JSONWriter
    ) {
        switch letter {
        case "a" where !state.sceneStorage.isEmpty:
            writer.key("a"); writer.object(state.sceneStorage)
        case "c" where tabs.contains(where: { !$0.value.selection.isEmpty }):
            writer.key("c")
            writer.object(sorted: tabs.filter { !$0.value.selection.isEmpty }) { $0.segments(of: $1.selection) }
        case "s":
            writer.key("s")
            writer.object(sorted: tabs.filter { !$0.value.path.isEmpty }) { $0.segments(of: $1.path.elements, visible: visible) }
        case "t":
            writer.key("t"); writer.string(state.selectedTab.rawValue)
        case "v" where tabs.contains(where: { $0.value.columns != .automatic }):
            writer.key("v")
            writer.object(sorted: tabs.filter { $0.value.columns != .automatic }) { $0.string($1.columns.rawValue) }
        case "w":
            if let flow = state.flow { writer.key("w"); writer.string(DraftJSON.text(of: flow)) }
        default:
            break
        }
    }
}

extension StoredState {
    /// The stored state in `json`, or nil: what `CookiePayload(json:)` and then `state(of:)`
    /// give, read in one pass without their dictionaries, so the same bytes are refused and the
    /// same state read.
    init?(cookieJSON json: [UInt8]) {
        var unread: Range<Int>?
        self.init(cookieJSON: json, leavingUnread: nil, unread: &unread)
    }

    /// The same, but the stack of `tab` is left empty, its bytes not made into routes: `unread`
    /// learns where they are in `json` (nil when the cookie holds no stack for `tab`).
    init?(cookieJSON json: [UInt8], leavingUnread tab: Schema.Tab?, unread: inout Range<Int>?) {
        guard let stored = JSONReader.document(json, { Self(reading: &$0, leavingUnread: tab, unread: &unread) })
        else { return nil }
        self = stored
    }

    /// `isWindow`: an object of the `y` list, another window's own part, which has no list of its
    /// own.
    private init?(
        reading reader: inout JSONReader, leavingUnread tab: Schema.Tab?, unread: inout Range<Int>?, isWindow: Bool = false
    ) {
        let unreadName = tab?.rawValue
        var state = NavigationState<Schema>()
        var selected: String?, hasStacks = false
        var flow: String?, storage: [String: String]?, features: [String]?, hidden: [String]?, order: [String]?
        var notice: String?, nonce: String?, context: String?, owner: String?, window: String?
        var others: [OtherWindow<Schema>] = []
        var leftOut = false, leftOutDraft = false
        func routes(_ segments: [String]) -> [Schema.Route] {
            let (routes, isWhole) = CookiePayload.routesReadingAll(segments, of: Schema.self)
            leftOut = leftOut || !isWhole
            return routes
        }
        // Of each known key the first counts; its letter's bit is set once the key is met.
        var seen: UInt32 = 0
        let complete = reader.object { key, reader in
            guard key.utf8.count == 1, let letter = key.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter),
                  case let bit = UInt32(1) << (letter - UInt8(ascii: "a")), seen & bit == 0
            else { return reader.skipValue() }
            seen |= bit
            switch letter {
            case UInt8(ascii: "t"): selected = reader.string(); return selected != nil
            case UInt8(ascii: "s"):
                hasStacks = Self.tabs(&reader, { name, reader in
                    name == unreadName ? reader.rawStrings().map(Stack.unread) : reader.strings().map(Stack.segments)
                }) { tab, stack in
                    switch stack {
                    case .segments(let segments): state[tab].path = StackState(routes(segments))
                    case .unread(let range): unread = range
                    }
                }
                return hasStacks
            case UInt8(ascii: "c"):
                return reader.null() || Self.tabs(&reader, { $1.strings() }) { state[$0].selection = routes($1) }
            case UInt8(ascii: "v"):
                return reader.null() || Self.tabs(&reader, { $1.string() }) {
                    state[$0].columns = ColumnVisibility(rawValue: $1) ?? .automatic
                }
            case UInt8(ascii: "w"):
                // A draft written before drafts were typed (an object of strings) is left out.
                if reader.nullable(into: &flow, { $0.string() }) { return true }
                leftOutDraft = true
                return reader.skipValue()
            case UInt8(ascii: "a"): return reader.nullable(into: &storage) { $0.dictionary { $0.string() } }
            case UInt8(ascii: "f"): return reader.nullable(into: &features) { $0.strings() }
            case UInt8(ascii: "h"): return reader.nullable(into: &hidden) { $0.strings() }
            case UInt8(ascii: "o"): return reader.nullable(into: &order) { $0.strings() }
            case UInt8(ascii: "m"): return reader.nullable(into: &notice) { $0.string() }
            case UInt8(ascii: "n"): return reader.nullable(into: &nonce) { $0.string() }
            case UInt8(ascii: "x"): return reader.nullable(into: &context) { $0.string() }
            case UInt8(ascii: "u"): return reader.nullable(into: &owner) { $0.string() }
            case UInt8(ascii: "i"): return reader.nullable(into: &window) { $0.string() }
            case UInt8(ascii: "y") where !isWindow:
                return reader.null() || reader.array { reader in
                    var none: Range<Int>?
                    guard let other = Self(reading: &reader, leavingUnread: nil, unread: &none, isWindow: true) else { return false }
                    // A window's part without an id cannot be asked for again.
                    if let id = other.window, !others.contains(where: { $0.id == id }) {
                        others.append(OtherWindow(id: id, state: other.state))
                    }
                    return true
                }
            default: return reader.skipValue()
            }
        }
        guard complete, let selected, hasStacks else { return nil }
        state.selectedTab = Schema.Tab(rawValue: selected) ?? Schema.defaultTab
        state.customization = TabCustomization(names: order, hidden: hidden)
        state.features = Set(features ?? [])
        state.context = context
        state.owner = owner
        if let flow {
            state.flow = DraftJSON.draft(flow, as: Schema.Draft.self)
            leftOutDraft = state.flow == nil
        }
        state.sceneStorage = storage ?? [:]
        self.init(state: state, nonce: nonce ?? "", notice: notice)
        self.window = window
        otherWindows = others
        leftOutScreens = leftOut
        self.leftOutDraft = leftOutDraft
    }

    /// Reads an object keyed by tab names, handing `use` each tab's value. Every value is read,
    /// so each must be valid; of a repeated name the first counts, and names of no tab are ignored.
    private static func tabs<Value>(
        _ reader: inout JSONReader, _ value: (String, inout JSONReader) -> Value?, _ use: (Schema.Tab, Value) -> Void
    ) -> Bool {
        var names: [String] = []
        return reader.object { name, reader in
            guard let element = value(name, &reader) else { return false }
            guard !names.contains(name) else { return true }
            names.append(name)
            if let tab = Schema.Tab(rawValue: name) { use(tab, element) }
            return true
        }
    }

    /// A tab's stack as read: its segments, or where its bytes are when it is left unread.
    private enum Stack {
        case segments([String])
        case unread(Range<Int>)
    }

    static func routes(_ segments: [String]) -> [Schema.Route] {
        CookiePayload.routes(segments, of: Schema.self)
    }
}

extension NavigationState {
    /// Every tab not at its root, by name as JSON sorts object keys.
    var tabsAwayFromRoot: [(key: String, value: TabState<Schema.Route>)] {
        var away: [(key: String, value: TabState<Schema.Route>)] = []
        for (tab, tabState) in zip(Schema.Tab.allCases, tabs) where !tabState.isEmpty {
            away.append((tab.rawValue, tabState))
        }
        // Most cookies hold one tab away from its root, or none: nothing to sort.
        if away.count > 1 { away.sort { $0.key < $1.key } }
        return away
    }
}

extension TabCustomization {
    /// The customization the cookie's tab names give: names of no tab are dropped, and so are
    /// hidden tabs that cannot be hidden. A cookie that names none holds the app's own
    /// arrangement, which it leaves out.
    init(names order: [String]?, hidden: [String]?) {
        guard order != nil || hidden != nil else {
            self = .appDefault
            return
        }
        let order = order ?? [], hidden = hidden ?? []
        self.init(
            order: order.compactMap(Tab.init(rawValue:)),
            hidden: Set(hidden.compactMap(Tab.init(rawValue:)).filter { $0.canBeHidden }))
    }
}

extension JSONWriter {
    /// `segments(of: routes)`, `visible`'s segments when `routes` are its stack.
    mutating func segments<Route: PathRepresentable>(of routes: [Route], visible: EncodedStack<Route>?) {
        if let json = visible?.segmentsJSON(of: routes) { return value(json) }
        segments(of: routes)
    }

    /// The array `segments(of:visible:)` writes, alone: `visible`'s own bytes when `routes` are
    /// its stack, with no writer to copy them into.
    static func segments<Route: PathRepresentable>(of routes: [Route], visible: EncodedStack<Route>?) -> [UInt8] {
        if let json = visible?.segmentsJSON(of: routes) { return json }
        var writer = JSONWriter()
        writer.segments(of: routes)
        return writer.bytes
    }

    /// The path segments of `routes`, one after another, as one array.
    mutating func segments<Route: PathRepresentable>(of routes: [Route]) {
        open("[")
        for route in routes {
            for segment in route.pathSegments { string(segment) }
        }
        close("]")
    }
}
