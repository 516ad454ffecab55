/// The URL mapping a route, destination or value gets from its `Codable` conformance when it
/// does not write `pathSegments` and `parse(_:)` itself.
///
/// ```swift
/// enum AppRoute: Route {
///     case userDetail(userId: Int)   // /userDetail/42
///     case settings                  // /settings
///     case recipe(RecipeRoute)       // /recipe/… (RecipeRoute's own segments)
///     case search(query: String?)    // /search/pasta, or /search/~ for nil
/// }
/// ```
///
/// A case writes its name, then each associated value in order: numbers and Booleans as Swift
/// writes them, strings as they are, `RawRepresentable` values as their raw value, a nested
/// route as its own segments, a struct as its fields in order, `nil` as `~` (a string that is
/// empty or starts with `~` is written after `~~`). `CodingKeys` rename cases:
/// `enum CodingKeys: String, CodingKey { case userDetail = "user", settings }` gives `/user/42`.
/// Arrays, sets and dictionaries cannot be written in a path: ``NavigationSchema/checkPaths()``
/// reports them (and any case that does not read back what it writes) when the server is set
/// up, not when a request meets them.
extension PathRepresentable {
    public var pathSegments: [String] {
        let encoder = PathSegmentEncoder(root: Self.self)
        // `checkPaths()` has found every case writable; a value that still fails (an encoder
        // of its own that depends on the value) gives what it wrote, which reads as not found.
        try? encode(to: encoder)
        return encoder.segments
    }

    public static func parse(_ path: inout PathReader) -> Self? {
        if path.isProbe {
            path.wasProbed = true
            return nil
        }
        let decoder = PathSegmentDecoder(reader: path, root: Self.self)
        guard let value = try? Self(from: decoder) else { return nil }
        path = decoder.reader
        return value
    }
}
