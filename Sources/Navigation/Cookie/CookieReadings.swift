import Synchronization

/// The cookies a ``StateCookie`` read lately, kept as read: a browser sends the same cookie with
/// every request until its state changes, and reading one (base64, the HMAC, the JSON, every
/// stack's routes) was a tenth of a page's CPU, the same work each time.
///
/// Contracts: thread-safe; a kept reading is what ``StateCookie/read(_:leavingUnread:)`` makes of
/// the same value and tab, as the ring cannot change under a `StateCookie`; only cookies that
/// verified are kept, so a flood of forged values costs what it did and pushes nothing out. At
/// most `limit` readings are kept; past that the table starts afresh.
final class CookieReadings<Schema: NavigationSchema>: Sendable {
    /// A cookie's value and the tab left unread.
    struct Key: Hashable, Sendable {
        let value: String
        let tab: Schema.Tab?

        /// The value's last bytes are its signature, an HMAC no client can steer: hashing those
        /// (and the length) tells values apart at a fraction of hashing the whole cookie.
        func hash(into hasher: inout Hasher) {
            var value = value
            value.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(32))))
            }
            hasher.combine(tab)
        }
    }

    private let readings = Mutex<[Key: CookieReading<Schema>]>([:])
    private let limit: Int

    init(limit: Int = 256) {
        self.limit = max(limit, 1)
    }

    /// The reading kept for `key`, if any.
    func reading(of key: Key) -> CookieReading<Schema>? {
        readings.withLock { $0[key] }
    }

    /// Keeps `reading` as what `key` reads as.
    func keep(_ reading: CookieReading<Schema>, of key: Key) {
        readings.withLock { readings in
            if readings.count >= limit { readings.removeAll(keepingCapacity: true) }
            readings[key] = reading
        }
    }

    /// How many readings are kept.
    var count: Int { readings.withLock { $0.count } }
}
