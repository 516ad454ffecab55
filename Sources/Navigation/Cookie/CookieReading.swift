/// A request's state cookie, read with the stack its URL replaces left unread
/// (`StateCookie.read(_:leavingUnread:)`): the URL's screens take that stack's place, so its
/// segments are kept as the bytes they came in, not made into routes only to be dropped.
///
/// ```swift
/// var reading = cookie.read(value, leavingUnread: match.replacedTab)
/// if keepsStack { reading?.readUnreadStack() }   // the URL leaves the stack after all
/// let unchanged = reading?.holds(next, visible: links.encodedStack) == true
/// ```
public struct CookieReading<Schema: NavigationSchema>: Sendable {
    /// What the cookie holds, with the unread stack empty.
    public private(set) var stored: StoredState<Schema>
    /// The tab whose stack is unread, and that stack's JSON array.
    private(set) var unread: (tab: Schema.Tab, json: ArraySlice<UInt8>)?
    /// Whether ``switchWindow(to:adoptingUnnamed:)`` moved the windows, so that the cookie is to be written again.
    public private(set) var movedWindows = false

    init(stored: StoredState<Schema>, unread: (tab: Schema.Tab, json: ArraySlice<UInt8>)?) {
        self.stored = stored
        self.unread = unread
    }

    /// Reads the unread stack into `stored`, for a request that keeps it after all. A stack that
    /// does not read stays empty, as a stack of unknown screens would.
    public mutating func readUnreadStack() {
        guard let (tab, routes) = unreadStack else { return }
        unread = nil
        stored.state[tab].path = StackState(routes)
    }

    /// Makes `id`'s window the one in use (``StoredState/switchWindow(to:adoptingUnnamed:)``): the
    /// request's window, as its cookie names it. The unread stack is read first when the window in
    /// use changes, since it is then kept apart as that window's.
    public mutating func switchWindow(to id: String?, adoptingUnnamed: Bool = false) {
        guard id != stored.window else { return }
        readUnreadStack()
        movedWindows = stored.switchWindow(to: id, adoptingUnnamed: adoptingUnnamed) || movedWindows
    }

    /// The tab whose stack is unread and that stack's screens, read now but left unread in
    /// `stored`: for a request that only needs to compare with it (how the page moved).
    public var unreadStack: (tab: Schema.Tab, routes: [Schema.Route])? {
        guard let (tab, json) = unread else { return nil }
        return (tab, StoredState<Schema>.routes(JSONReader.document(Array(json)) { $0.strings() } ?? []))
    }

    /// Whether `next` is what the cookie holds, so that it need not be set again. The unread
    /// stack is compared as the JSON `next`'s would be written as; `visible` lends its path, as
    /// to `StateCookie.write(_:visible:)`.
    public func holds(_ next: StoredState<Schema>, visible: EncodedStack<Schema.Route>?) -> Bool {
        guard !movedWindows else { return false }
        guard let (tab, json) = unread else { return next == stored }
        // The unread stack first: a link followed pushes or pops there, and its bytes differ at
        // once, where the rest is compared only in a copy of the state made for it (a new
        // storage, and every tab compared).
        let routes = next.state[tab].path.elements
        guard !routes.isEmpty, JSONWriter.segments(of: routes, visible: visible)[...].hasSameBytes(as: json)
        else { return false }
        var rest = next
        rest.state[tab].path = StackState()
        return rest == stored
    }
}

extension StateCookie {
    /// `read(value)`, but the stack of `tab` (the one the request's URL replaces) is left unread
    /// until asked for: see `CookieReading`. Nil when `value` is not a cookie this ring signed.
    /// A value this cookie wrote lately is read from the state it was written from
    /// (`WrittenCookies`), as reading it would give.
    public func read(_ value: String, leavingUnread tab: Schema.Tab?) -> CookieReading<Schema>? {
        if let kept = written.reading(of: value, leavingUnread: tab) { return kept }
        guard let (version, json) = verifiedJSON(value) else { return nil }
        return read(version: version, json: json, leavingUnread: tab)
    }

    /// `read(version:json:)` with a stack left unread, for the fuzzer to hold to the full read.
    @_spi(Fuzzing) public func read(version: Int, json: [UInt8], leavingUnread tab: Schema.Tab?) -> CookieReading<Schema>? {
        guard Self.readable.contains(version) else { return nil }
        var range: Range<Int>?
        guard let stored = StoredState<Schema>(cookieJSON: json, leavingUnread: tab, unread: &range) else { return nil }
        return CookieReading(stored: stored, unread: range.flatMap { range in tab.map { ($0, json[range]) } })
    }
}
