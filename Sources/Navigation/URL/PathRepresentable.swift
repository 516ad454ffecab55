/// A value that names a screen (or a presented destination) and maps itself to and from URL path
/// segments, so that every navigation state has a URL and every URL a state.
///
/// Declaring the cases is enough: the mapping is then derived from the type's `Codable`
/// conformance (`enum AppRoute: Route { case userDetail(userId: Int) }` is `/userDetail/42`; see
/// the extension's documentation for the rules). Write both requirements to choose the URLs
/// yourself:
///
/// ```swift
/// enum AppRoute: Route {
///     case userDetail(userId: Int)
///     case orderDetail(orderId: String)
///
///     var pathSegments: [String] {
///         switch self {
///         case .userDetail(let id): ["user", String(id)]
///         case .orderDetail(let id): ["order", id]
///         }
///     }
///
///     static func parse(_ path: inout PathReader) -> AppRoute? {
///         switch path.next() {
///         case "user": path.next().flatMap(Int.init).map { .userDetail(userId: $0) }
///         case "order": path.next().map { .orderDetail(orderId: $0) }
///         default: nil
///         }
///     }
/// }
/// ```
///
/// Contract: `parse` must read back exactly what `pathSegments` wrote, and return nil for
/// anything else. Segments are plain strings; the library percent-encodes them in URLs. The
/// derived mapping keeps this contract by construction, and `NavigationSchema.checkPaths()`
/// proves it for every case when the server starts.
public protocol PathRepresentable: Hashable, Codable, Sendable {
    /// The URL path segments of this value, e.g. `["order", "ORD-001"]`. Never empty.
    var pathSegments: [String] { get }

    /// Reads one value from the front of `path`. On nil, whatever was consumed is put back.
    static func parse(_ path: inout PathReader) -> Self?
}

extension PathRepresentable {
    /// Parses one value from the front of `path`; when nothing matches, `path` is put back where it
    /// stood.
    static func read(from path: inout PathReader) -> Self? {
        // The position kept, not a copy of the reader: a copy retained its segments, and
        // released them again, for every screen of a URL.
        let start = path.index
        guard let value = parse(&path) else {
            path.rewind(to: start)
            return nil
        }
        return value
    }
}

extension PathReader {
    /// Reads values of `type` one after another for as long as the next segments name one.
    mutating func readAll<Value: PathRepresentable>(_ type: Value.Type) -> [Value] {
        var values: [Value] = []
        // Room for a screen of two segments each (a name and an id), as most are: a deep
        // stack's array was otherwise made again at every doubling.
        values.reserveCapacity((remaining.count + 1) / 2)
        while let value = Value.read(from: &self) { values.append(value) }
        return values
    }
}

/// A screen that can be pushed on a tab's stack (`navigationDestination(for:)` in SwiftUI).
public protocol Route: PathRepresentable {
    /// True for a screen only a signed-in visitor may open (see ``NavigationState/requiresSignIn``);
    /// false by default.
    var requiresSignIn: Bool { get }
}

extension Route {
    public var requiresSignIn: Bool { false }
}
