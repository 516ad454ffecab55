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
    /// The path's segments as the cookie's JSON array of strings (`["order","ORD-001"]`), or nil
    /// when a segment is escaped. Written once here: the page's movement, the check whether the
    /// cookie changed, and the cookie itself each compare or write it, and on a deep stack each
    /// writing was a walk over half a kilobyte.
    let segmentsJSON: [UInt8]?

    init(routes: [Route], path: Substring) {
        self.routes = routes
        self.path = path
        var writer = JSONWriter()
        segmentsJSON = writer.segments(ofPath: path) ? writer.bytes : nil
    }

    /// `segmentsJSON` when `routes` are this stack.
    func segmentsJSON(of routes: [Route]) -> [UInt8]? {
        routes == self.routes ? segmentsJSON : nil
    }
}

extension Links {
    /// The visible stack and its path.
    public var encodedStack: EncodedStack<Schema.Route> {
        EncodedStack(routes: state.path.elements, path: pushedPath)
    }
}
