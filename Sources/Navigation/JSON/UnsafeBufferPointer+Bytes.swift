#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// How many of the bytes are `byte`, counted eight at a time: a deep stack's URL path is half
    /// a kilobyte, and a byte-by-byte loop is about seven instructions a byte.
    func count(of byte: UInt8) -> Int {
        guard let base = baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let pattern = ones &* UInt64(byte)
        var total = 0
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ pattern
            // The top bit of each byte of `word` that is zero, and no other bit: no carry crosses
            // from one byte to the next, so the count is exact.
            let zeros = ~(((word & low) &+ low) | word | low)
            // One per matching byte, summed into the top byte by the multiplication.
            total &+= Int(truncatingIfNeeded: ((zeros >> 7) &* ones) >> 56)
            index += 8
        }
        while index < count {
            if base[index] == byte { total &+= 1 }
            index += 1
        }
        return total
    }

    /// Whether any of the bytes is `byte`, found with `memchr`: a path's `%` is looked for in
    /// the whole path once, not a byte at a time.
    func containsByte(_ byte: UInt8) -> Bool {
        guard let base = baseAddress else { return false }
        return memchr(base, Int32(byte), count) != nil
    }
}
