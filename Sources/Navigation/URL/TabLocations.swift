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

    private struct Table {
        /// By the address of the routes' storage: unique while the entry holds that storage.
        var entries: [UInt: Entry] = [:]
        /// The kept URLs' bytes.
        var bytes = 0
    }

    private let table = Mutex(Table())
    private let limit: Int
    private let byteLimit: Int

    /// A table keeping at most `limit` tab states at a time, whose URLs take at most `byteLimit`
    /// bytes together.
    public init(limit: Int = 4096, byteLimit: Int = 256 << 10) {
        self.limit = max(limit, 1)
        self.byteLimit = max(byteLimit, 1)
    }

    /// The URL of `tab` showing `state`: its stack, selection and columns, nothing presented.
    public func url(of tab: Schema.Tab, _ state: TabState<Schema.Route>) -> String {
        // Every empty array shares one storage, and the root's URL is short to make.
        guard !state.path.isEmpty else { return Self.url(of: tab, state) }
        let key = state.path.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        if let kept = table.withLock({ $0.entries[key] }), kept.tab == tab, kept.state.path.elements == state.path.elements,
           kept.state.selection == state.selection, kept.state.columns == state.columns {
            return kept.url
        }
        let url = Self.url(of: tab, state)
        let bytes = url.utf8.count
        table.withLock { table in
            if table.entries.count >= limit || table.bytes + bytes > byteLimit {
                table.entries.removeAll(keepingCapacity: true)
                table.bytes = 0
            }
            let replaced = table.entries.updateValue(Entry(tab: tab, state: state, url: url), forKey: key)
            table.bytes += bytes - (replaced?.url.utf8.count ?? 0)
        }
        return url
    }

    /// How many tab states are kept, and their URLs' bytes.
    var count: Int {
        table.withLock { $0.entries.count }
    }

    var bytes: Int {
        table.withLock { $0.bytes }
    }

    private static func url(of tab: Schema.Tab, _ state: TabState<Schema.Route>) -> String {
        Location<Schema>(tab: tab, path: state.path.elements, selection: state.selection, columns: state.columns).url
    }
}
