extension StringProtocol {
    /// Whether `part` occurs in the text, compared byte for byte: what a header's token check
    /// needs. Foundation's `contains(_:)` bridges to `NSString` and compares as Unicode, a few
    /// microseconds for every page's `Accept` and `Referer`.
    func containsBytes(_ part: StaticString) -> Bool {
        // The standard library's search finds no empty pattern; every text holds one.
        guard part.utf8CodeUnitCount > 0 else { return true }
        let needle = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
        return utf8.withContiguousStorageIfAvailable { $0.firstRange(of: needle) != nil }
            ?? (utf8.firstRange(of: needle) != nil)
    }
}
