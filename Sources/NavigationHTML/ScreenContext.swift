import Navigation

/// What a screen is rendered in: the current navigation state and the request's query. Links
/// are built by applying actions to the state, so each is the canonical URL of the screen it
/// leads to and works without JavaScript, from curl, and as a bookmark.
///
/// ```swift
/// let href = context.href(.push(.orderDetail(orderId: order.id)))   // "/home/orders/order/ORD-001"
/// ```
public struct ScreenContext<Schema: NavigationSchema>: Sendable {
    public let state: NavigationState<Schema>
    public let query: [String: String]

    public init(state: NavigationState<Schema>, query: [String: String] = [:]) {
        self.state = state
        self.query = query
    }

    /// The URL of the screen `action` leads to.
    public func href(_ action: NavigationAction<Schema>) -> String {
        state.applying(action).url
    }

    /// The URL of `location` opened from here: other tabs keep their stacks.
    public func href(opening location: Location<Schema>) -> String {
        state.applying(.open(location)).url
    }
}
