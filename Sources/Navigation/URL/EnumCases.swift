/// The cases of an enum without associated values, found without a value to start from, so that
/// a route's `CodingKeys` can be listed at start-up and every case of the route checked.
///
/// Sound because of how Swift lays such an enum out (its ABI, stable since Swift 5): `n` cases
/// are the tags `0..<n` in declaration order, in one byte for up to 256 cases (none for one
/// case), and the byte values from `n` on are spare; `Optional` uses the first spare one, `n`,
/// for `nil`. So reading the bytes 0, 1, 2, … as an `Optional` yields every case, then `nil`.
/// A type that is not such an enum (a struct, a number, an enum with payloads or more cases)
/// gives nil, never a value that does not exist.
enum EnumCases {
    static func all<Value>(of type: Value.Type) -> [Value]? {
        switch (MemoryLayout<Value>.size, MemoryLayout<Value?>.size) {
        case (0, 1):
            // One case, no bytes at all: reading zero bytes from anywhere gives it.
            let value = withUnsafeBytes(of: UInt8(0)) { $0.load(as: Value.self) }
            return isEnum(value) ? [value] : nil
        case (1, 1):
            var cases: [Value] = []
            for tag in UInt8(0)...UInt8(255) {
                guard let value = withUnsafeBytes(of: tag, { $0.load(as: Value?.self) }) else { break }
                cases.append(value)
            }
            guard !cases.isEmpty, cases.allSatisfy(isEnum) else { return nil }
            return cases
        default:
            return nil
        }
    }

    private static func isEnum(_ value: some Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        // An enum with a payload reflects its payload as a child; the ones listed here have none.
        return mirror.displayStyle == .enum && mirror.children.isEmpty
    }
}
