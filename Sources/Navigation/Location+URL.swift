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
    /// The canonical URL: `/<tab>/<route segments…>`, with `select=` for split-view selection and
    /// `present=` for the presentation. Segments are percent-encoded.
    ///
    /// ```swift
    /// Location<AppNavigation>(tab: .home, path: [.orderHistory], presentation: .search).url
    /// // "/home/orders?present=search"
    /// ```
    public var url: String {
        var url = "/" + tab.rawValue
        for route in path {
            for segment in route.pathSegments {
                url += "/" + URLEncoding.encode(segment)
            }
        }
        var query: [String] = []
        if !selection.isEmpty {
            query.append("select=" + URLEncoding.encode(selection.flatMap(\.pathSegments)))
        }
        if let presentation {
            query.append("present=" + URLEncoding.encode(presentation.pathSegments))
        }
        return query.isEmpty ? url : url + "?" + query.joined(separator: "&")
    }

    /// Reads a request's already percent-decoded path and query arguments.
    ///
    /// `/<tab>/<routes…>` names a tab's stack; any other first segment is offered to the schema's
    /// `deepLink(_:)`. `select` and `present` query arguments add the split-view selection and the
    /// presentation.
    public static func match(path: String, query: [String: String]) -> URLMatch<Schema> {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let first = segments.first else { return .root }
        var reader = PathReader(segments)
        var location: Location
        if let tab = Schema.Tab(rawValue: first) {
            _ = reader.next()
            location = Location(tab: tab)
            while let route = Schema.Route.read(from: &reader) {
                location.path.append(route)
            }
        } else if let deepLink = Schema.deepLink(&reader) {
            location = deepLink
        } else {
            return .unknown
        }
        if !reader.isAtEnd {
            return .partial(location, unmatched: reader.remaining.joined(separator: "/"))
        }
        if let select = query["select"] {
            var selectReader = PathReader(URLEncoding.segments(of: select))
            var selection: [Schema.Route] = []
            while let route = Schema.Route.read(from: &selectReader) { selection.append(route) }
            guard selectReader.isAtEnd else { return .partial(location, unmatched: "select=" + select) }
            location.selection = selection
        }
        if let present = query["present"] {
            var presentReader = PathReader(URLEncoding.segments(of: present))
            guard let destination = Schema.Destination.read(from: &presentReader), presentReader.isAtEnd
            else { return .partial(location, unmatched: "present=" + present) }
            location.presentation = destination
        }
        return .location(location)
    }
}

/// Percent-encoding of path segments: everything but RFC 3986's unreserved characters is
/// escaped, so a segment can never end a path, start a query or break out of an attribute.
enum URLEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    static func encode(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// Segments joined by `/` for a query value.
    static func encode(_ segments: [String]) -> String {
        segments.map { encode($0) }.joined(separator: "/")
    }

    /// Splits an already-decoded query value back into segments.
    static func segments(of value: String) -> [String] {
        value.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
