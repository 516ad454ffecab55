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
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 64 { return low >> UInt64(byte) & 1 != 0 }
        if byte < 128 { return high >> UInt64(byte &- 64) & 1 != 0 }
        return nonASCII
    }

    func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where !contains(byte) { return false }
        return true
    }

    func containsAll(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { containsAll($0) }
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
