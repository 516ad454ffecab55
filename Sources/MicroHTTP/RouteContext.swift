/// What a `Router` tells a route's handler beside the request.
public struct RouteContext: Sendable {
    /// The pattern the request matched (`/api/orders/{id}`): the same for every order, so it
    /// names the endpoint in logs and metrics where the path would name each order.
    public let route: String
    /// The path's segments that the pattern's `{name}` segments matched, by name,
    /// percent-decoded (`["id": "ORD-001"]`).
    public let parameters: [String: String]

    /// A context for `route` with `parameters`; routers make these, tests may too.
    public init(route: String, parameters: [String: String] = [:]) {
        self.route = route
        self.parameters = parameters
    }
}
