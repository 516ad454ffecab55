#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ArraySlice<UInt8> {
    /// Whether the two hold the same bytes, compared with `memcmp`: a stack's JSON is compared on
    /// every page, and `elementsEqual` walks it a byte at a time through an iterator, about ten
    /// instructions a byte on a deep stack's half kilobyte.
    func hasSameBytes(as other: ArraySlice<UInt8>) -> Bool {
        count == other.count && hasPrefix(other)
    }

    /// Whether these bytes start with `prefix`'s, compared with `memcmp`.
    func hasPrefix(_ prefix: ArraySlice<UInt8>) -> Bool {
        guard prefix.count <= count else { return false }
        return withUnsafeBytes { bytes in
            prefix.withUnsafeBytes { prefix in
                guard let base = bytes.baseAddress, let start = prefix.baseAddress else { return true }
                return memcmp(base, start, prefix.count) == 0
            }
        }
    }
}
