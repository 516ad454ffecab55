extension StringProtocol {
    /// Whether `part` occurs in the text, compared byte for byte: what a header's token check
    /// needs. Foundation's `contains(_:)` bridges to `NSString` and compares as Unicode, a few
    /// microseconds for every page's `Accept` and `Referer`.
    func containsBytes(_ part: StaticString) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { Self.find(part, in: $0) }
        return found ?? Array(utf8).withUnsafeBufferPointer { Self.find(part, in: $0) }
    }

    private static func find(_ part: StaticString, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
        guard let first = needle.first, text.count >= needle.count else { return needle.isEmpty }
        var start = 0
        while start <= text.count - needle.count {
            if text[start] == first, needle.indices.allSatisfy({ text[start + $0] == needle[$0] }) { return true }
            start += 1
        }
        return false
    }
}
