/// A set of byte values, each looked up in a few instructions: the bytes a part of a header
/// field may hold.
struct ByteClass: Sendable {
    /// Bit n: whether byte n is in the set (0...63).
    private let low: UInt64
    /// Bit n: whether byte 64 + n is in the set (64...127).
    private let high: UInt64
    /// Whether every byte from 128 up is in the set.
    private let nonASCII: Bool

    /// The ASCII bytes `accepts` accepts, and every other byte when `nonASCII`.
    init(nonASCII: Bool = false, _ accepts: (UInt8) -> Bool) {
        var low: UInt64 = 0, high: UInt64 = 0
        for byte in UInt8(0)..<128 where accepts(byte) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        (self.low, self.high, self.nonASCII) = (low, high, nonASCII)
        words = Words(accepts)
    }

    /// How eight bytes at once are found all in the set: each in a range of printable ASCII
    /// and none of the few printable bytes the set lacks. Nil for a set that lacks more than
    /// four, or lacks `!` or `~`.
    private let words: Words?

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low >> UInt64(byte) & 1 != 0 }
        if byte < 128 { return high >> UInt64(byte &- 64) & 1 != 0 }
        return nonASCII
    }

    func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if let words {
            // A value of a page's answer (its cookie, its policy) is hundreds of bytes, checked
            // on every answer: eight at a time, and byte by byte only where a word may not pass.
            let raw = UnsafeRawBufferPointer(bytes)
            while index + 8 <= bytes.count {
                if words.mayLack(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    for byte in bytes[index ..< index + 8] where !contains(byte) { return false }
                }
                index += 8
            }
        }
        while index < bytes.count {
            if !contains(bytes[index]) { return false }
            index += 1
        }
        return true
    }

    func containsAll(_ text: String) -> Bool {
        text.withUTF8InPlace { containsAll($0) }
    }

    /// RFC 9110 `tchar`: a field name, a cookie's name.
    static let token = ByteClass(HTTPHeaders.isTokenByte)
    /// A field value: no CR, LF, NUL or other control character except horizontal tab.
    static let fieldValue = ByteClass(nonASCII: true) { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    /// RFC 6265 `cookie-octet`: no quote, space, comma, semicolon, backslash or control character.
    static let cookieOctet = ByteClass { byte in
        switch byte {
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: true
        default: false
        }
    }
    /// A cookie's `Path`: no control character or semicolon.
    static let cookiePath = ByteClass(nonASCII: true) { $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: ";") }
}

extension ByteClass {
    /// Eight bytes as one `UInt64`, checked with the bit tricks of "Bit Twiddling Hacks"
    /// (Sean Eron Anderson): whether a word has a byte less than, more than or equal to a value.
    private struct Words {
        private static let ones: UInt64 = 0x0101_0101_0101_0101
        private static let highBits: UInt64 = 0x8080_8080_8080_8080

        /// The lowest byte of the range (space or `!`), in every byte.
        private let lowest: UInt64
        /// The printable bytes the set lacks, each in every byte of one word; NUL fills the rest
        /// (a NUL is below the range, so a word holding one is checked byte by byte anyway).
        private let lacking: (UInt64, UInt64, UInt64, UInt64)

        init?(_ accepts: (UInt8) -> Bool) {
            guard accepts(0x7E) else { return nil }
            let first: UInt8 = accepts(0x20) ? 0x20 : 0x21
            guard accepts(0x21) else { return nil }
            let lacked = (first...0x7E).filter { !accepts($0) }
            guard lacked.count <= 4 else { return nil }
            let words = (lacked + [0, 0, 0, 0]).prefix(4).map { Self.ones &* UInt64($0) }
            lowest = Self.ones &* UInt64(first)
            lacking = (words[0], words[1], words[2], words[3])
        }

        /// False only when every byte of `word` is in the range and none is a lacking one; true
        /// may be wrong, never false.
        @inline(__always)
        func mayLack(_ word: UInt64) -> Bool {
            let below = (word &- lowest) & ~word & Self.highBits
            // Past 0x7E: adding 1 carries 0x7F into the high bit, which bytes from 0x80 have.
            let above = ((word &+ Self.ones) | word) & Self.highBits
            return below | above | Self.zeroByte(word ^ lacking.0) | Self.zeroByte(word ^ lacking.1)
                | Self.zeroByte(word ^ lacking.2) | Self.zeroByte(word ^ lacking.3) != 0
        }

        @inline(__always)
        private static func zeroByte(_ word: UInt64) -> UInt64 {
            (word &- ones) & ~word & highBits
        }
    }
}
