import Synchronization

/// The values a ``StateCookie`` wrote lately, each with the state it was written from, so that
/// reading one back costs a table lookup instead of base64, the HMAC, the JSON and a parse of
/// every stack's routes: a tenth of a page's CPU, paid on every click.
///
/// A browser that follows a link sends the cookie the page before set; that value was written
/// here, so the click finds it. (Keeping what was *read* would not help a click: each click sends
/// a value no request sent before.)
///
/// Contracts: thread-safe; a value found here is one this cookie signed, byte for byte, so it
/// needs no verifying; what ``reading(of:leavingUnread:)`` gives is what reading the value's JSON
/// gives, since only states that read back as written are kept (``StoredState/readsBackAsWritten``).
/// At most `limit` values, and values of at most `byteLimit` bytes together, are kept; past
/// either the table starts afresh. A state takes a few times its cookie's bytes in memory, so the
/// byte limit holds a flood of the largest cookies (4 KB each, 256 of them) to a few megabytes.
final class WrittenCookies<Schema: NavigationSchema>: Sendable {
    /// A cookie's value. Its last bytes are its signature, an HMAC no client can steer: hashing
    /// those (and the length) tells values apart at a fraction of hashing the whole cookie, and
    /// equality still compares every byte.
    struct Key: Hashable, Sendable {
        let value: String

        func hash(into hasher: inout Hasher) {
            var value = value
            value.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(32))))
            }
        }
    }

    /// What a value was written from: the state, and the visible stack that lent its segments.
    struct Written: Sendable {
        let stored: StoredState<Schema>
        let visible: EncodedStack<Schema.Route>?
    }

    private let table: Mutex<BoundedTable<Key, Written>>

    init(limit: Int = 512, byteLimit: Int = 1 << 20) {
        table = Mutex(BoundedTable(limit: limit, byteLimit: byteLimit))
    }

    /// Keeps `value` as written from `stored`, when reading it back gives `stored` again.
    func keep(_ value: String, writtenFrom stored: StoredState<Schema>, visible: EncodedStack<Schema.Route>?) {
        guard stored.readsBackAsWritten else { return }
        let written = Written(stored: stored, visible: visible)
        table.withLock { $0.keep(written, for: Key(value: value), bytes: value.utf8.count) }
    }

    /// What `StateCookie.read(value, leavingUnread: tab)` gives, when `value` is kept; else nil.
    func reading(of value: String, leavingUnread tab: Schema.Tab?) -> CookieReading<Schema>? {
        guard let written = table.withLock({ $0[Key(value: value)] }) else { return nil }
        // The read leaves the stack unread as the bytes the cookie holds for it, and holds none
        // for an empty stack.
        guard let tab, case let routes = written.stored.state[tab].path.elements, !routes.isEmpty else {
            return CookieReading(stored: written.stored, unread: nil)
        }
        var stored = written.stored
        stored.state[tab].path = StackState()
        return CookieReading(stored: stored, unread: (tab, JSONWriter.segments(of: routes, visible: written.visible)[...]))
    }

    /// How many values are kept, and their bytes.
    var count: Int { table.withLock { $0.count } }
    var bytes: Int { table.withLock { $0.bytes } }
}
