/// Whole documents, and optional values read into place.
extension JSONReader {
    /// The value `value` reads from `json`, or nil when it reads none or anything but whitespace
    /// follows it.
    static func document<Value>(_ json: [UInt8], _ value: (inout JSONReader) -> Value?) -> Value? {
        json.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            guard let result = value(&reader), reader.isAtEnd else { return nil }
            return result
        }
    }

    /// `null` (leaving `target` as it is) or the value `value` reads, stored in `target`; false
    /// when neither.
    mutating func nullable<Value>(into target: inout Value?, _ value: (inout JSONReader) -> Value?) -> Bool {
        guard let read = nullable(value) else { return false }
        target = read
        return true
    }
}
