/// The bytes of a page being rendered: literal HTML appended as it is, values escaped.
///
/// Escaping replaces `&`, `<`, `>`, `"` and `'`, which makes a value safe in element content and
/// in quoted attribute values. It works on UTF-8 bytes: every byte it replaces is ASCII, and no
/// byte of a multi-byte character is ASCII, so runs between them are copied whole.
public struct HTMLBuffer: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends `html` as it is.
    public mutating func append(_ html: String) {
        var html = html
        html.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `html` as it is.
    public mutating func append(_ html: some Collection<UInt8>) {
        bytes.append(contentsOf: html)
    }

    /// Appends `text` with the characters that mean something in HTML escaped.
    public mutating func append(escaping text: String) {
        var text = text
        text.withUTF8 { append(escaping: $0) }
    }

    /// Appends UTF-8 `text` with the characters that mean something in HTML escaped.
    public mutating func append(escaping text: UnsafeBufferPointer<UInt8>) {
        var start = 0
        // A table lookup per byte; the entity is chosen only for the few bytes that need one.
        Self.isSpecial.withUnsafeBufferPointer { isSpecial in
        for index in 0..<text.count where isSpecial[Int(text[index])] {
            let entity: StaticString = switch text[index] {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            default: "&#39;"
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
            bytes.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            start = index + 1
        }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }

    /// The bytes `append(escaping:)` replaces: `&`, `<`, `>`, `"` and `'`.
    private static let isSpecial: [Bool] = (0...255).map { byte in
        [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(UInt8(byte))
    }
}
