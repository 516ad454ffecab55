import MicroHTTP
import Navigation

/// The update-stream tokens signed lately, by the versions and owner they are for: pages drawn
/// from the same data for the same person share one for a while, so a screen many people look
/// at has its token signed about once a minute instead of once a page (the message, its HMAC
/// and its base64 were a fortieth of such a page's CPU). A shared token opens streams for at
/// least `lifetime` less the while (a hundredth of it, at most a minute).
final class RecentTokens: Sendable {
    private struct Key: Hashable {
        let versions: [Topic: Int]
        let owner: String?
    }

    /// Past this many, the next one made starts the list again.
    private static let limit = 256
    private let made = Locked<[Key: (expires: Int, token: String)]>([:])

    /// A token for `versions` and `owner` valid `lifetime` seconds from `now` (seconds since
    /// 1970), or one made within the while before, signed by `sign` when there is none.
    func token(
        versions: [Topic: Int], owner: String?, now: Int, lifetime: Int, sign: (_ expires: Int) -> String
    ) -> String {
        let key = Key(versions: versions, owner: owner)
        let reuse = min(lifetime / 100, 60)
        if reuse > 0, let kept = made.withLock({ $0[key] }), kept.expires - lifetime + reuse > now {
            return kept.token
        }
        let expires = now + lifetime
        let token = sign(expires)
        if reuse > 0 {
            made.withLock { made in
                if made.count >= Self.limit { made.removeAll(keepingCapacity: true) }
                made[key] = (expires, token)
            }
        }
        return token
    }
}
