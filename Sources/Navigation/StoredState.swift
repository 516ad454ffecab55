/// What the state cookie holds: the navigation state, and a random nonce that stays the same for
/// as long as the browser keeps the cookie, so that form tokens can be bound to it.
public struct StoredState<Schema: NavigationSchema>: Hashable, Sendable {
    public var state: NavigationState<Schema>
    public var nonce: String

    public init(state: NavigationState<Schema>, nonce: String) {
        self.state = state
        self.nonce = nonce
    }
}
