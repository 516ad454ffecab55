/// What the state cookie holds: the navigation state, a random nonce that stays the same for as
/// long as the browser keeps the cookie (form tokens are bound to it), and a one-time notice.
public struct StoredState<Schema: NavigationSchema>: Hashable, Sendable {
    /// The navigation state. The cookie does not keep its presentation, which lives in the URL.
    public var state: NavigationState<Schema>
    /// The value form tokens are bound to (``StateCookie/newNonce()``); empty when the cookie had
    /// none (version 1), which the responder replaces with a fresh one.
    public var nonce: String
    /// A message for the next page shown, carried across a redirect and then cleared.
    public var notice: String?

    /// What a cookie is to hold; nothing is noted by default. The cookie keeps at most the first
    /// 200 characters of `notice`.
    public init(state: NavigationState<Schema>, nonce: String, notice: String? = nil) {
        self.state = state
        self.nonce = nonce
        self.notice = notice
    }
}
