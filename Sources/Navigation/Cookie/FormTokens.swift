import Synchronization

/// The form tokens a ``StateCookie`` made lately, by nonce. A cookie's nonce lasts from click to
/// click, and every page that shows a form (or the screen's actions) carries the token for it: an
/// HMAC a request, paid again for the same token on every click, where a lookup answers.
///
/// Contracts: thread-safe; a token found here is what the cookie's ring signed for that nonce,
/// and the ring is fixed for the cookie's life. At most `limit` tokens are kept; past that the
/// table starts afresh (nonces come from cookies that verified, so only new visitors add any).
final class FormTokens: Sendable {
    private let table: Mutex<BoundedTable<String, String>>

    init(limit: Int = 512) {
        table = Mutex(BoundedTable(limit: limit, byteLimit: limit * 128))
    }

    /// The token kept for `nonce`, else `make(nonce)`, kept.
    func token(for nonce: String, making make: (String) -> String) -> String {
        if let token = table.withLock({ $0[nonce] }) { return token }
        let token = make(nonce)
        table.withLock { $0.keep(token, for: nonce, bytes: nonce.utf8.count + token.utf8.count) }
        return token
    }

    /// How many tokens are kept.
    var count: Int { table.withLock { $0.count } }
}
