extension String {
    /// Calls `body` with the string's UTF-8 where it is stored, or with a copy when it is not
    /// stored contiguously (a bridged string). The server reads a request's path and every
    /// answer's fields this way: `withUTF8` on a `var` copy retains and releases the string, and
    /// the `UTF8View`'s iterator takes about fifty instructions a byte.
    func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}
