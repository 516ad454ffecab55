import Foundation

/// Base64 with the URL- and cookie-safe alphabet and no padding (RFC 4648 §5), over Foundation's
/// codec: only the two alphabet differences and the padding are handled here, byte by byte.
enum Base64URL {
    static func encode(_ bytes: some DataProtocol) -> String {
        let base64 = Data(bytes).base64EncodedData()
        let length = base64.count - base64.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        return String(unsafeUninitializedCapacity: length) { output in
            for (index, byte) in base64.prefix(length).enumerated() {
                output[index] = switch byte {
                case UInt8(ascii: "+"): UInt8(ascii: "-")
                case UInt8(ascii: "/"): UInt8(ascii: "_")
                default: byte
                }
            }
            return length
        }
    }

    /// The bytes of `text`, or nil unless it is canonical base64url: the alphabet only, a length
    /// a whole number of bytes can have, and no stray bits in its last character (so no two
    /// texts decode to the same bytes, and no changed character goes unnoticed).
    static func decode(_ text: Substring) -> Data? {
        let utf8 = text.utf8
        let remainder = utf8.count % 4
        guard remainder != 1 else { return nil }
        var base64 = Data(capacity: utf8.count + 3)
        var last: UInt8 = 0
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): last = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): last = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): last = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): last = 62
            case UInt8(ascii: "_"): last = 63
            default: return nil
            }
            base64.append(last < 62 ? byte : last == 62 ? UInt8(ascii: "+") : UInt8(ascii: "/"))
        }
        // Two characters carry one byte and four spare bits, three carry two and two spare bits.
        if remainder == 2, last & 0x0F != 0 { return nil }
        if remainder == 3, last & 0x03 != 0 { return nil }
        if remainder > 0 { base64.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 4 - remainder)) }
        return Data(base64Encoded: base64)
    }
}
