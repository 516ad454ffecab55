import Foundation

/// Base64 with the URL- and cookie-safe alphabet and no padding (RFC 4648 §5). Encoding swaps
/// Foundation's two alphabet differences and drops the padding; decoding reads the alphabet
/// directly, which is what makes the strict check cheap.
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
        guard utf8.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3 / 4)
        var bits: UInt32 = 0
        var count = 0
        for character in utf8 {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            bits = bits << 6 | UInt32(value)
            count += 6
            if count >= 8 {
                count -= 8
                bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
            }
        }
        // Two characters carry one byte and four spare bits, three carry two and two spare bits.
        guard bits & (1 << UInt32(count) - 1) == 0 else { return nil }
        return Data(bytes)
    }
}
