/// How the derived path mapping (``PathRepresentable``'s default, from `Codable`) writes one value
/// as one segment, and reads it back.
///
/// A segment that starts with `~` is not a plain value: `~` alone is `nil` (an optional with no
/// value, so that the values after it keep their places), and `~~` starts a string that was
/// empty or itself started with `~`. Every other string is written as it is; the library
/// percent-encodes segments in URLs.
enum PathSegment {
    static let none = "~"
    private static let escape = "~~"

    static func string(_ value: String) -> String {
        value.isEmpty || value.utf8.first == UInt8(ascii: "~") ? escape + value : value
    }

    static func string(from segment: String) -> String? {
        guard segment.utf8.first == UInt8(ascii: "~") else { return segment }
        guard segment.hasPrefix(escape) else { return nil }
        return String(segment.dropFirst(2))
    }
}
