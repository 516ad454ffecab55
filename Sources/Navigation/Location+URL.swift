import Foundation

/// What a request's URL names, as read by `Location.match(path:query:)`.
public enum URLMatch<Schema: NavigationSchema>: Hashable, Sendable {
    /// `/`: no screen named; the app shows the restored or default screen.
    case root
    /// A screen, fully understood.
    case location(Location<Schema>)
    /// A screen whose URL went on with something not understood; `location` is the valid part.
    case partial(Location<Schema>, unmatched: String)
    /// Neither a tab nor a deep link.
    case unknown
}

extension Location {
    /// The canonical URL: `/<tab>/<route segments…>`, with `select=` for split-view selection,
    /// `columns=` for split-view column visibility other than automatic,
    /// `present=` for the presentation and `presented-path=` for the presentation's own stack.
    /// Segments are percent-encoded.
    ///
    /// ```swift
    /// Location<AppNavigation>(tab: .home, path: [.orderHistory], presentation: .search).url
    /// // "/home/orders?present=search"
    /// ```
    public var url: String {
        pathURL() + query
    }

    /// The path part of the URL. `screenEnd` learns where in it each screen of the stack ends,
    /// the tab's own root first: the path of the first `k` screens is that many bytes long.
    func pathURL(screenEnd: (Int) -> Void = { _ in }) -> String {
        var url = "/" + tab.rawValue
        url.reserveCapacity(16 * (path.count + 1))
        screenEnd(url.utf8.count)
        for route in path {
            Self.appendPath(of: route, to: &url)
            screenEnd(url.utf8.count)
        }
        return url
    }

    /// Appends `/` and each of the route's segments, encoded.
    static func appendPath(of route: Schema.Route, to url: inout String) {
        for segment in route.pathSegments {
            url += "/"
            URLEncoding.append(segment, to: &url)
        }
    }

    /// The query part of the URL, with its `?`, or empty.
    var query: String {
        let items = queryItems + (presentation.map { Self.presentationItems($0, presentationPath) } ?? [])
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }

    /// The query's arguments before the presentation's: selection and columns.
    var queryItems: [String] {
        var items: [String] = []
        if !selection.isEmpty {
            items.append("select=" + URLEncoding.encode(selection.flatMap { $0.pathSegments }))
        }
        if columns != .automatic {
            items.append("columns=" + columns.rawValue)
        }
        return items
    }

    /// The query's arguments for a presentation and its own stack.
    static func presentationItems(_ presentation: Schema.Destination, _ path: [Schema.Route]) -> [String] {
        var items = ["present=" + URLEncoding.encode(presentation.pathSegments)]
        if !path.isEmpty {
            items.append("presented-path=" + URLEncoding.encode(path.flatMap { $0.pathSegments }))
        }
        return items
    }

    /// Reads a request's already percent-decoded path and query arguments.
    ///
    /// `/<tab>/<routes…>` names a tab's stack; any other first segment is offered to the schema's
    /// `deepLink(_:)`. `select` and `present` query arguments add the split-view selection and the
    /// presentation.
    public static func match(path: String, query: [String: String]) -> URLMatch<Schema> {
        let segments = URLEncoding.segments(ofPath: path)
        guard let first = segments.first else { return .root }
        var reader = PathReader(segments)
        var location: Location
        if let tab = Schema.Tab(rawValue: first) {
            _ = reader.next()
            location = Location(tab: tab, path: reader.readAll(Schema.Route.self))
        } else if let deepLink = Schema.deepLink(&reader) {
            location = deepLink
        } else {
            return .unknown
        }
        if !reader.isAtEnd {
            return .partial(location, unmatched: reader.remaining.joined(separator: "/"))
        }
        if let select = query["select"] {
            guard let selection = routes(in: select) else { return .partial(location, unmatched: "select=" + select) }
            location.selection = selection
        }
        if let columns = query["columns"] {
            guard let visibility = ColumnVisibility(rawValue: columns) else {
                return .partial(location, unmatched: "columns=" + columns)
            }
            location.columns = visibility
        }
        if let present = query["present"] {
            var presentReader = PathReader(URLEncoding.segments(of: present))
            guard let destination = Schema.Destination.read(from: &presentReader), presentReader.isAtEnd
            else { return .partial(location, unmatched: "present=" + present) }
            location.presentation = destination
            if let path = query["presented-path"] {
                guard let routes = routes(in: path) else {
                    return .partial(location, unmatched: "presented-path=" + path)
                }
                location.presentationPath = routes
            }
        }
        return .location(location)
    }

    /// The routes of a query value, or nil when any part of it is not a route.
    private static func routes(in value: String) -> [Schema.Route]? {
        var reader = PathReader(URLEncoding.segments(of: value))
        let routes = reader.readAll(Schema.Route.self)
        return reader.isAtEnd ? routes : nil
    }
}

/// Percent-encoding of path segments: everything but RFC 3986's unreserved characters is
/// escaped, so a segment can never end a path, start a query or break out of an attribute.
///
/// The server hands over paths and query values already percent-decoded, which would turn an
/// encoded `/` inside a segment into a separator. So `%` and `/` are escaped twice: the first
/// decoding leaves `%25` and `%2F`, and `segments(…)` decodes each segment once more.
enum URLEncoding {
    private static let hex = Array("0123456789ABCDEF".utf8)

    /// Appends `segment` encoded; most segments need no escaping and are appended as they are.
    static func append(_ segment: String, to url: inout String) {
        if segment.utf8.allSatisfy(isUnreserved) {
            url += segment
        } else {
            url += encode(segment)
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Works on UTF-8 bytes, so a `%` or `/` followed by a combining mark is still escaped.
    static func encode(_ segment: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            switch byte {
            case _ where isUnreserved(byte):
                bytes.append(byte)
            case UInt8(ascii: "%"), UInt8(ascii: "/"):
                bytes += Array("%25".utf8)
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Segments joined by `/` for a query value.
    static func encode(_ segments: [String]) -> String {
        segments.map { encode($0) }.joined(separator: "/")
    }

    /// The segments of an already-decoded path: the leading `/` and one trailing `/` are not
    /// separators, so `/` and `/home/` read as `[]` and `["home"]`, while `/a//b` keeps an empty
    /// segment. A path of slashes only is the root.
    static func segments(ofPath path: String) -> [String] {
        var segments = split(path)
        if segments.allSatisfy({ $0.isEmpty }) { return [] }
        if segments.first == "" { segments.removeFirst() }
        if segments.last == "" { segments.removeLast() }
        return segments
    }

    /// Splits an already-decoded query value back into segments.
    static func segments(of value: String) -> [String] {
        split(value)
    }

    /// Splits on the byte `/`, not on `Character`s: a `/` followed by a combining mark is still a
    /// separator. A segment that is not valid percent-encoding is kept as it came.
    private static func split(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { bytes in
            let segment = String(decoding: bytes, as: UTF8.self)
            return bytes.contains(UInt8(ascii: "%")) ? (segment.removingPercentEncoding ?? segment) : segment
        }
    }
}
