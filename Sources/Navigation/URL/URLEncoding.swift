import Foundation

/// Percent-encoding of path segments: everything but RFC 3986's unreserved characters is
/// escaped, so a segment can never end a path, start a query or break out of an attribute.
///
/// The server hands over paths and query values already percent-decoded, which would turn an
/// encoded `/` inside a segment into a separator. So `%` and `/` are escaped twice: the first
/// decoding leaves `%25` and `%2F`, and `segments(…)` decodes each segment once more.
package enum URLEncoding {
    /// Uppercase hexadecimal digits, for `%XX` and other escapes of a byte.
    package static let hex = Array("0123456789ABCDEF".utf8)

    /// Appends `segment` encoded; most segments need no escaping and are appended as they are.
    static func append(_ segment: String, to url: inout [UInt8]) {
        // Read where the bytes lie: `withUTF8` needs a copy of the string (a retain and a release).
        let isPlain = segment.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy(isUnreserved) else { return false }
            url.append(contentsOf: bytes)
            return true
        }
        if isPlain != true { url.append(contentsOf: encode(segment).utf8) }
    }

    /// Appends `text` as it is: a tab's name (the schema keeps those to URL-safe characters) or the
    /// name of a query argument the library chose.
    static func appendVerbatim(_ text: String, to url: inout [UInt8]) {
        appendUTF8(of: text, prefix: text.utf8.count, to: &url)
    }

    /// Appends the first `count` bytes of `text`'s UTF-8 in one copy: a `Substring`'s UTF-8 view
    /// is walked a byte at a time, about fifty instructions each, and each of a page's links
    /// starts with the stack's path.
    static func appendUTF8(of text: String, prefix count: Int, to url: inout [UInt8]) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable {
            url.append(contentsOf: UnsafeBufferPointer(rebasing: $0.prefix(count)))
        }
        if copied == nil { url.append(contentsOf: text.utf8.prefix(count)) }
    }

    /// The first `count` bytes of `text`, which end at a character of it, as a string of their own.
    static func string(of text: String, prefix count: Int) -> String {
        text.utf8.withContiguousStorageIfAvailable { String(decoding: UnsafeBufferPointer(rebasing: $0.prefix(count)), as: UTF8.self) }
            ?? String(decoding: text.utf8.prefix(count), as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
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
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [""] }
            // Separators found with `memchr`, and a `%` looked for once in the whole text: a deep
            // stack's path has a hundred segments, and walking it a byte at a time, then each
            // segment again for a `%`, was most of what reading it cost.
            let escapes = bytes.containsByte(UInt8(ascii: "%"))
            var segments: [String] = []
            segments.reserveCapacity(bytes.count(of: UInt8(ascii: "/")) + 1)
            var start = 0
            while true {
                let end = memchr(base + start, Int32(UInt8(ascii: "/")), bytes.count - start)
                    .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
                // Made in place: `String(decoding:as:)` costs a third more for a short segment.
                let segment = String(unsafeUninitializedCapacity: slice.count) { $0.initialize(fromContentsOf: slice) }
                if escapes, slice.containsByte(UInt8(ascii: "%")) {
                    segments.append(segment.removingPercentEncoding ?? segment)
                } else {
                    segments.append(segment)
                }
                guard end < bytes.count else { return segments }
                start = end + 1
            }
        }
    }
}
