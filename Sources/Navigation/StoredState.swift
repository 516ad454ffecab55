/// What the state cookie holds: the navigation state, a random nonce that stays the same for as
/// long as the browser keeps the cookie (form tokens are bound to it), and a one-time notice.
public struct StoredState<Schema: NavigationSchema>: Hashable, Sendable {
    public var state: NavigationState<Schema>
    public var nonce: String
    /// A message for the next page shown, carried across a redirect and then cleared.
    public var notice: String?

    public init(state: NavigationState<Schema>, nonce: String, notice: String? = nil) {
        self.state = state
        self.nonce = nonce
        self.notice = notice
    }
}
