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
        // Read where it is: `withUTF8` on a copy would first ask whether the copy is unique.
        let appended: Void? = html.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        guard appended == nil else { return }
        var html = html
        html.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends UTF-8 `html` as it is.
    public mutating func append(_ html: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: html)
    }

    /// Appends `html` as it is.
    public mutating func append(_ html: some Collection<UInt8>) {
        bytes.append(contentsOf: html)
    }

    /// Appends `text` with the characters that mean something in HTML escaped.
    public mutating func append(escaping text: String) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { append(escaping: $0) }
        guard appended == nil else { return }
        var text = text
        text.withUTF8 { append(escaping: $0) }
    }

    /// Appends UTF-8 `text` with the characters that mean something in HTML escaped.
    public mutating func append(escaping text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        var start = 0
        var index = 0
        // Sixteen bytes at a time while none needs escaping (most text, and every URL but its `&`).
        while index + 16 <= text.count {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let special = (chunk .== Self.ampersands) .| (chunk .== Self.lessThans) .| (chunk .== Self.greaterThans)
                .| (chunk .== Self.quotes) .| (chunk .== Self.apostrophes)
            guard any(special) else {
                index += 16
                continue
            }
            for offset in 0..<16 where special[offset] {
                appendEntity(replacing: text, from: start, at: index + offset)
                start = index + offset + 1
            }
            index += 16
        }
        Self.isSpecial.withUnsafeBufferPointer { isSpecial in
            for index in index..<text.count where isSpecial[Int(text[index])] {
                appendEntity(replacing: text, from: start, at: index)
                start = index + 1
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }

    /// Appends the text before `index` not yet appended, then the entity for the byte at `index`.
    private mutating func appendEntity(replacing text: UnsafeBufferPointer<UInt8>, from start: Int, at index: Int) {
        let entity: StaticString = switch text[index] {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: "&#39;"
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
        bytes.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
    }

    private static let ampersands = SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
    private static let lessThans = SIMD16<UInt8>(repeating: UInt8(ascii: "<"))
    private static let greaterThans = SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
    private static let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
    private static let apostrophes = SIMD16<UInt8>(repeating: UInt8(ascii: "'"))

    /// The bytes `append(escaping:)` replaces: `&`, `<`, `>`, `"` and `'`.
    private static let isSpecial: [Bool] = (0...255).map { byte in
        [UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(UInt8(byte))
    }
}
