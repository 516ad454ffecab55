/// A stack with the URL path its page's links encoded for it, so that writing the cookie reads
/// the segments off those bytes instead of making and writing each route's again
/// (`StateCookie.write(_:visible:)`).
///
/// ```swift
/// let value = cookie.write(stored, visible: context.links.encodedStack)
/// ```
public struct EncodedStack<Route: Hashable & Sendable>: Sendable {
    let routes: [Route]
    /// The pushed screens' part of the path, each segment after a `/`: `/order/ORD-001`.
    let path: Substring
}

extension Links {
    /// The visible stack and its path.
    public var encodedStack: EncodedStack<Schema.Route> {
        EncodedStack(routes: state.path.elements, path: pushedPath)
    }
}
