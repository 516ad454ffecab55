#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StringProtocol {
    /// Whether `part` occurs in the text, compared byte for byte: what a header's token check
    /// needs. Foundation's `contains(_:)` bridges to `NSString` and compares as Unicode, a few
    /// microseconds for every page's `Accept` and `Referer`.
    func containsBytes(_ part: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
        return utf8.withContiguousStorageIfAvailable { $0.firstOffset(of: needle) != nil }
            ?? Array(utf8).withUnsafeBufferPointer { $0.firstOffset(of: needle) != nil }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Where `needle` first occurs, byte for byte (0 for an empty one), found with `memchr` and
    /// `memcmp`. Not `firstRange(of:)`: with Foundation imported anywhere in the module that
    /// call resolves to `DataProtocol`'s generic search, which compared element by element
    /// through protocol witnesses and was a twentieth of a page's CPU.
    func firstOffset(of needle: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first else { return 0 }
        guard let base = baseAddress, let pattern = needle.baseAddress, count >= needle.count else { return nil }
        let last = count - needle.count
        var start = 0
        while start <= last {
            guard let found = memchr(base + start, Int32(first), last - start + 1) else { return nil }
            let offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + offset, pattern, needle.count) == 0 { return offset }
            start = offset + 1
        }
        return nil
    }
}
