/// Writes the JSON of strings, arrays of strings and objects of them into bytes, as
/// `JSONEncoder` does with sorted keys: `"` and `\` escaped, `/` written `\/`, control characters
/// as `\uXXXX` (or their short escapes), everything else as its UTF-8.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init() {
        bytes.reserveCapacity(512)
    }

    mutating func open(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        needsComma = false
    }

    mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        needsComma = true
    }

    mutating func key(_ key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ text: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        var text = text
        // Most strings need no escape: copied whole.
        let isPlain = text.withUTF8 { utf8 in
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !isPlain { appendEscaped(text) }
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
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        open("[")
        for text in texts { string(text) }
        close("]")
    }

    /// An object with its keys sorted, each value written by `value`.
    mutating func object<Value>(_ object: [String: Value], _ value: (inout JSONWriter, Value) -> Void) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        open("{")
        for (key, element) in object.sorted(by: { $0.key < $1.key }) {
            self.key(key)
            value(&self, element)
        }
        close("}")
    }
}
