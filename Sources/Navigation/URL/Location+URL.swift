
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

extension URLMatch {
    /// The tab whose stack opening this URL replaces (`NavigationAction.open`), if it names one.
    public var replacedTab: Schema.Tab? {
        switch self {
        case .location(let location), .partial(let location, _): location.tab
        case .root, .unknown: nil
        }
    }
}

extension Location {
    /// The canonical URL: `/<tab>/<route segments…>`, with `select=` for split-view selection,
    /// `columns=` for split-view column visibility other than automatic,
    /// `present=` for the presentation, `detent=` for a sheet moved from its first detent and
    /// `presented-path=` for the presentation's own stack; a presentation over it the same with
    /// its place in the chain (`present-2=`, `detent-2=`, `presented-path-2=`, then `-3`).
    /// Segments are percent-encoded.
    ///
    /// ```swift
    /// Location<AppNavigation>(tab: .home, path: [.orderHistory], presentation: .search).url
    /// // "/home/orders?present=search"
    /// ```
    public var url: String {
        // Every tab bar links to the other tabs' locations: the path alone, in one string, when
        // there is no query to join to it.
        Links<Schema>.join(pathURL(), queryItems + Self.presentationItems(presentations))
    }

    /// The path part of the URL. `screenEnd` learns where in it each screen of the stack ends,
    /// the tab's own root first: the path of the first `k` screens is that many bytes long.
    func pathURL(screenEnd: (Int) -> Void = { _ in }) -> String {
        // Built as bytes and made a string once: a string appended to piece by piece costs
        // several times as much, and every link of a page starts from this.
        var url: [UInt8] = []
        // A route's segments take 8 to 30 bytes (`/user/42`, `/recipe/chicken-curry`): sized for
        // the longer, so that a deep stack's path is not copied again as it grows (and reserved
        // before the first byte, which would otherwise be copied into the reserved storage).
        url.reserveCapacity(32 * (path.count + 1))
        url.append(UInt8(ascii: "/"))
        URLEncoding.appendVerbatim(tab.rawValue, to: &url)
        screenEnd(url.count)
        for route in path {
            Self.appendPath(of: route, to: &url)
            screenEnd(url.count)
        }
        return String(decoding: url, as: UTF8.self)
    }

    /// Appends `/` and each of the route's segments, encoded.
    static func appendPath(of route: Schema.Route, to url: inout [UInt8]) {
        for segment in route.pathSegments {
            url.append(UInt8(ascii: "/"))
            URLEncoding.append(segment, to: &url)
        }
    }

    /// The first `count` bytes of `path` followed by the routes' segments, encoded.
    static func path(_ path: String, prefix count: Int, appending routes: some Sequence<Schema.Route>) -> String {
        var url: [UInt8] = []
        url.reserveCapacity(count + 32 * routes.underestimatedCount)
        URLEncoding.appendUTF8(of: path, prefix: count, to: &url)
        for route in routes { appendPath(of: route, to: &url) }
        return String(decoding: url, as: UTF8.self)
    }

    /// The query's arguments before the presentation's: selection and columns.
    var queryItems: [String] {
        var items: [String] = []
        if !selection.isEmpty {
            items.append(Self.item("select", segments: selection.flatMap { $0.pathSegments }))
        }
        if columns != .automatic {
            items.append("columns=" + columns.rawValue)
        }
        return items
    }

    /// The query's arguments for a chain of presentations: each one's destination, its detent
    /// (when the sheet lists it and it is not the first) and its own stack, named for its place.
    static func presentationItems(_ presentations: [Presentation<Schema>]) -> [String] {
        var items: [String] = []
        for (level, presented) in presentations.enumerated() {
            items.append(item(presentationArgument("present", level: level), segments: presented.destination.pathSegments))
            if let detent = presented.movedDetent {
                items.append(presentationArgument("detent", level: level) + "=" + detent.rawValue)
            }
            if !presented.path.isEmpty {
                items.append(item(presentationArgument("presented-path", level: level),
                                  segments: presented.path.elements.flatMap { $0.pathSegments }))
            }
        }
        return items
    }

    /// `name=` and the segments, each encoded, joined by `/` (a selection, a presentation, a
    /// presented stack): written as bytes and made a string once. A presented page's every link
    /// carries its presentation, and joining encoded strings cost about 3,500 instructions an item.
    private static func item(_ name: String, segments: [String]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count + 1 + segments.reduce(segments.count) { $0 + $1.utf8.count })
        URLEncoding.appendVerbatim(name, to: &bytes)
        bytes.append(UInt8(ascii: "="))
        for (index, segment) in segments.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "/")) }
            URLEncoding.append(segment, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The name of a presentation's query argument at `level` (0 for the first): `present`,
    /// `present-2`, ….
    static func presentationArgument(_ name: String, level: Int) -> String {
        level == 0 ? name : "\(name)-\(level + 1)"
    }

    /// Reads a request's already percent-decoded path and query arguments.
    ///
    /// `/<tab>/<routes…>` names a tab's stack; any other first segment is offered to the schema's
    /// `deepLink(_:)`. `select` and `present` query arguments add the split-view selection and the
    /// presentation; `detent` one of the presented sheet's detents (its first reads as nil);
    /// `present-2` and on the presentations over it, each over the one before, to the schema's
    /// ``NavigationSchema/presentationDepth``.
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
        for level in 0..<Schema.presentationBound {
            let name = { (argument: String) in presentationArgument(argument, level: level) }
            guard let present = query[name("present")] else { break }
            var presentReader = PathReader(URLEncoding.segments(of: present))
            guard let destination = Schema.Destination.read(from: &presentReader), presentReader.isAtEnd
            else { return .partial(location, unmatched: name("present") + "=" + present) }
            // The destination stands when what follows it is not understood: the nearest screen.
            location.presentations.append(Presentation(destination))
            if let value = query[name("detent")] {
                guard let detent = PresentationDetent(rawValue: value), destination.canRest(at: detent)
                else { return .partial(location, unmatched: name("detent") + "=" + value) }
                location.presentations[level].moveDetent(to: detent)
            }
            if let path = query[name("presented-path")] {
                guard let routes = routes(in: path) else {
                    return .partial(location, unmatched: name("presented-path") + "=" + path)
                }
                location.presentations[level].path = StackState(routes)
            }
        }
        // A presentation past the schema's depth, or over one the URL does not name.
        for level in location.presentations.count...location.presentations.count + 1 {
            let name = presentationArgument("present", level: level)
            if let deeper = query[name] { return .partial(location, unmatched: name + "=" + deeper) }
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
