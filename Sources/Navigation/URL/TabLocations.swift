import Synchronization

/// The URLs of tabs' remembered locations, what a tab bar links to, kept for as long as a tab's
/// state is the very value they were made from.
///
/// Every page links to each other tab's stack, and a stack left behind stays the same value from
/// one request to the next: read from the cookie written from it (``StateCookie``), copied into
/// the next state and written again, its routes stay in one array. So the URL is looked up by
/// that array's storage, which the kept entry holds alive, and taken only when the tab, its
/// routes, selection and columns equal the entry's (equal arrays of one storage compare at once).
///
/// Contracts: thread-safe; `url(of:_:)` is `Location(tab:path:selection:columns:).url` of the tab's
/// state; past `limit` states, or past `byteLimit` bytes of their URLs together, the table starts
/// afresh. A state takes a few times its URL's bytes, and any client can have the server write
/// stacks as deep as a cookie holds: the byte limit holds a flood of them to a few megabytes.
///
/// ```swift
/// let locations = TabLocations<AppSchema>()
/// let href = locations.url(of: .profile, state[.profile])   // "/profile/settings"
/// ```
public final class TabLocations<Schema: NavigationSchema>: Sendable {
    /// A class, so that a lookup takes one reference, not a copy of the state's arrays.
    private final class Entry: Sendable {
        let tab: Schema.Tab
        let state: TabState<Schema.Route>
        let url: String

        init(tab: Schema.Tab, state: TabState<Schema.Route>, url: String) {
            self.tab = tab
            self.state = state
            self.url = url
        }
    }

    /// By the address of the routes' storage: unique while the entry holds that storage.
    private let table: Mutex<BoundedTable<UInt, Entry>>

    /// A table keeping at most `limit` tab states at a time, whose URLs take at most `byteLimit`
    /// bytes together.
    public init(limit: Int = 4096, byteLimit: Int = 256 << 10) {
        table = Mutex(BoundedTable(limit: limit, byteLimit: byteLimit))
    }

    /// The URL of `tab` showing `state`: its stack, selection and columns, nothing presented.
    public func url(of tab: Schema.Tab, _ state: TabState<Schema.Route>) -> String {
        // Every empty array shares one storage, and the root's URL is short to make.
        guard !state.path.isEmpty else { return Self.url(of: tab, state) }
        let key = state.path.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        if let kept = table.withLock({ $0[key] }), kept.tab == tab, kept.state.path.elements == state.path.elements,
           kept.state.selection == state.selection, kept.state.columns == state.columns {
            return kept.url
        }
        let url = Self.url(of: tab, state)
        let entry = Entry(tab: tab, state: state, url: url)
        table.withLock { $0.keep(entry, for: key, bytes: url.utf8.count) }
        return url
    }

    /// How many tab states are kept, and their URLs' bytes.
    var count: Int {
        table.withLock { $0.count }
    }

    var bytes: Int {
        table.withLock { $0.bytes }
    }

    private static func url(of tab: Schema.Tab, _ state: TabState<Schema.Route>) -> String {
        Location<Schema>(tab: tab, path: state.path.elements, selection: state.selection, columns: state.columns).url
    }
}
