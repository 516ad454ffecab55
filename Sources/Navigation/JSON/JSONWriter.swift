/// Writes the JSON of strings, arrays of strings and objects of them into bytes, as
/// `JSONEncoder` does with sorted keys: `"` and `\` escaped, `/` written `\/`, control characters
/// as `\uXXXX` (or their short escapes), everything else as its UTF-8.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init() {
        bytes.reserveCapacity(512)
    }

    /// Opens an array or object in a value's place, after a comma when a value precedes it.
    mutating func open(_ bracket: Unicode.Scalar) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: bracket))
        needsComma = false
    }

    mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        needsComma = true
    }

    /// A key from data (a tab's name, a dictionary's key), escaped as any string.
    mutating func key(escaping key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A key written in the program (`"selectedTab"`), which needs no escape: its bytes copied
    /// as they are, not checked byte by byte as a key from data is.
    mutating func key(_ key: StaticString) {
        assert(!UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount).contains(where: Self.needsEscape))
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A number, `true`, `false` or `null`, as it is.
    mutating func literal(_ text: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    /// A whole JSON value, as this writer wrote it before, in a value's place.
    mutating func value(_ json: [UInt8]) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: json)
        needsComma = true
    }

    mutating func string(_ text: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied whole, from where they are (not through
        // `withUTF8`, which needs a copy of the string: a retain and a release).
        let isPlain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            for byte in utf8 where Self.needsEscape(byte) { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if isPlain != true { appendEscaped(text) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `text` with quotes, backslashes, slashes and control characters escaped.
    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default:
                bytes.append(byte)
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    mutating func strings(_ texts: [String]) {
        open("[")
        for text in texts { string(text) }
        close("]")
    }

    /// How many bytes `segments(ofPath:)` writes for `path` (not counting a comma before it), or
    /// nil when it writes none.
    static func countOfSegments(ofPath path: Substring) -> Int? {
        var path = path
        return path.withUTF8 { utf8 in
            guard utf8.first == UInt8(ascii: "/") else { return nil }
            guard !utf8.containsByte(UInt8(ascii: "%")) else { return nil }
            let slashes = utf8.count(of: UInt8(ascii: "/"))
            // Brackets, the path with each `/` a quote and all but the first also `",`, a last quote.
            return utf8.count + 2 * slashes + 1
        }
    }

    /// The segments of an encoded URL path (`/order/ORD-001`, each segment after a `/`) as an
    /// array of strings, when none is escaped: each is then its own unreserved characters, which
    /// JSON writes as they are. False, writing nothing, for a path holding an escape.
    mutating func segments(ofPath path: Substring) -> Bool {
        guard let count = Self.countOfSegments(ofPath: path) else { return false }
        var path = path
        path.withUTF8 { utf8 in
            open("[")
            // Each `/` becomes a quote, after a closing quote and a comma but for the first; the
            // bytes are sized once and written in place, as a deep stack's path is long.
            var end = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: count - 2))
            bytes.withUnsafeMutableBufferPointer { out in
                for index in utf8.indices {
                    let byte = utf8[index]
                    if byte == UInt8(ascii: "/"), index > 0 {
                        out[end] = UInt8(ascii: "\"")
                        out[end + 1] = UInt8(ascii: ",")
                        end += 2
                    }
                    out[end] = byte == UInt8(ascii: "/") ? UInt8(ascii: "\"") : byte
                    end += 1
                }
                out[end] = UInt8(ascii: "\"")
            }
            close("]")
        }
        return true
    }

    // Sorting is kept out of the generic code that calls these: a generic body holding a
    // specialization of `sorted` for strings cannot be serialized for other modules, which then
    // call it unspecialized.

    /// `texts` sorted, as an array.
    @inline(never) mutating func sortedStrings(_ texts: [String]) {
        strings(texts.sorted())
    }

    /// `texts` sorted, as an array.
    @inline(never) mutating func sortedStrings(_ texts: Set<String>) {
        strings(texts.sorted())
    }

    /// An object of strings with its keys sorted.
    @inline(never) mutating func object(_ object: [String: String]) {
        self.object(object) { $0.string($1) }
    }

    /// An object with its keys sorted, each value written by `value`.
    mutating func object<Value>(_ object: [String: Value], _ value: (inout JSONWriter, Value) -> Void) {
        self.object(sorted: object.sorted(by: { $0.key < $1.key }), value)
    }

    /// An object of `members`, which come sorted by key, each value written by `value`.
    mutating func object<Value>(sorted members: [(key: String, value: Value)], _ value: (inout JSONWriter, Value) -> Void) {
        open("{")
        for (key, element) in members {
            self.key(escaping: key)
            value(&self, element)
        }
        close("}")
    }
}
