import Foundation

/// Where to go back to after signing in: a path of this site and never anything else, so a link
/// that carries it (`/sign-in?return=/notes/folder/Work`) cannot send anyone to another site
/// (an open redirect).
///
/// ```swift
/// ReturnPath("/notes/folder/Work?q=plan")?.path   // "/notes/folder/Work?q=plan"
/// ReturnPath("//evil.example")                     // nil
/// ReturnPath("/%2F%2Fevil.example")                // nil
/// ```
public struct ReturnPath: Sendable, Hashable, CustomStringConvertible {
    /// The path, with any query: starts with one `/`, and holds no backslash, space or control
    /// character; other characters than ASCII are percent-encoded, so it fits in a header.
    public let path: String

    /// The longest path taken; a longer one is refused.
    public static let maxLength = 2048

    /// `value` if it is a local path (as the query argument arrived, percent-decoded once), else
    /// nil. Refused: anything that does not start with `/` (`https://…`, `javascript:…`, a
    /// relative path), `//host` and `/\host` (which browsers read as another host), a backslash,
    /// space or control character anywhere (browsers drop tabs and newlines from a URL, turning
    /// `/<tab>/host` into `//host`), and each of these once more percent-encoded, in case
    /// something on the way decodes the path again.
    public init?(_ value: String) {
        guard value.utf8.count <= Self.maxLength, Self.isLocal(value) else { return nil }
        // Decoded again, up to three times, so that an encoded form of a refused one is refused
        // too: `/%2F%2Fhost`, `%2F%2Fhost`, `/%5Chost`, `/%09/host`, `/%252F%252Fhost`.
        var decoded = value
        for _ in 0..<3 {
            guard let next = decoded.removingPercentEncoding, next != decoded else { break }
            guard Self.isLocal(next) else { return nil }
            decoded = next
        }
        var path: [UInt8] = []
        for byte in value.utf8 {
            if byte < 0x80 {
                path.append(byte)
            } else {
                path += [UInt8(ascii: "%"), URLEncoding.hex[Int(byte >> 4)], URLEncoding.hex[Int(byte & 0xF)]]
            }
        }
        self.path = String(decoding: path, as: UTF8.self)
    }

    public var description: String { path }

    private static func isLocal(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") { return false }
        return !bytes.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }
    }
}
