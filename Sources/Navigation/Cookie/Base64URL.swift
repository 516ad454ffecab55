import Foundation

/// Base64 with the URL- and cookie-safe alphabet and no padding (RFC 4648 §5), on bytes: every
/// cookie is decoded and every answer encoded, so neither goes through `Character`s or `Data`.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's value in the alphabet, or 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(value) }
        return values
    }()

    static func encode(_ bytes: some DataProtocol) -> String {
        encode(Array(bytes))
    }

    static func encode(_ bytes: [UInt8]) -> String {
        // Not through `unsafeUninitializedCapacity: 0`, which writes into the runtime's one shared
        // empty storage, a race ThreadSanitizer reports.
        guard !bytes.isEmpty else { return "" }
        return String(unsafeUninitializedCapacity: encodedCount(of: bytes.count)) { output in
            bytes.withUnsafeBufferPointer { encode($0, into: output) }
        }
    }

    /// How many characters the text of `count` bytes has.
    static func encodedCount(of count: Int) -> Int {
        (count * 4 + 2) / 3
    }

    /// Writes the text of `bytes` at the start of `output`, which has room for
    /// `encodedCount(of: bytes.count)` characters; returns how many it wrote. A cookie's value
    /// is written where it is to lie, not made as a string of its own and then copied.
    @discardableResult
    static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(output.count >= encodedCount(of: bytes.count))
        return alphabet.withUnsafeBufferPointer { alphabet in
            var out = 0
            var index = 0
            func put(_ group: UInt32, _ shift: UInt32) {
                output[out] = alphabet[Int(group >> shift & 63)]
                out += 1
            }
            while index + 3 <= bytes.count {
                let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                put(group, 18)
                put(group, 12)
                put(group, 6)
                put(group, 0)
                index += 3
            }
            // One byte left makes two characters, two make three.
            let rest = bytes.count - index
            if rest > 0 {
                let group = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                put(group, 18)
                put(group, 12)
                if rest == 2 { put(group, 6) }
            }
            return out
        }
    }

    static func decode(_ text: Substring) -> Data? {
        var text = text
        return text.withUTF8 { decode($0) }.map { Data($0) }
    }

    /// The bytes `text` encodes, or nil unless it is canonical: only the alphabet, a length that
    /// a whole number of bytes can have, and no stray bits in its last character (so no two
    /// texts decode to the same bytes, and no changed character goes unnoticed).
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        // Not through `unsafeUninitializedCapacity: 0`, which writes into the runtime's shared
        // empty array (see `append(_:to:)`).
        guard !text.isEmpty else { return [] }
        var isValid = true
        let bytes = values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: text.count * 3 / 4) { output, initialized in
                // Four characters make three bytes; a character outside the alphabet has the
                // top bit of its value set, so one test covers all four.
                var out = 0
                var index = 0
                let whole = text.count & ~3
                while index < whole {
                    let a = UInt32(values[Int(text[index])]), b = UInt32(values[Int(text[index + 1])])
                    let c = UInt32(values[Int(text[index + 2])]), d = UInt32(values[Int(text[index + 3])])
                    guard (a | b | c | d) & 0x80 == 0 else {
                        isValid = false
                        break
                    }
                    let group = a << 18 | b << 12 | c << 6 | d
                    output[out] = UInt8(truncatingIfNeeded: group >> 16)
                    output[out + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    output[out + 2] = UInt8(truncatingIfNeeded: group)
                    out += 3
                    index += 4
                }
                // Two characters carry one byte and four spare bits, three carry two bytes and
                // two spare bits; spare bits must be zero.
                let rest = text.count - index
                if isValid, rest > 0 {
                    let a = UInt32(values[Int(text[index])]), b = UInt32(values[Int(text[index + 1])])
                    let c = rest == 3 ? UInt32(values[Int(text[index + 2])]) : 0
                    let group = a << 18 | b << 12 | c << 6
                    if (a | b | c) & 0x80 != 0 || group & (rest == 2 ? 0xFFFF : 0xFF) != 0 {
                        isValid = false
                    } else {
                        output[out] = UInt8(truncatingIfNeeded: group >> 16)
                        if rest == 3 { output[out + 1] = UInt8(truncatingIfNeeded: group >> 8) }
                        out += rest - 1
                    }
                }
                initialized = isValid ? out : 0
            }
        }
        return isValid ? bytes : nil
    }
}
