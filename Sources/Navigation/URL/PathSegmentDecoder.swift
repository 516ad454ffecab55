/// Reads a value from path segments through its `Decodable` conformance: the derived half of
/// ``PathRepresentable``, the mirror of `PathSegmentEncoder`. An enum's case is the next
/// segment, read through its `CodingKeys`; values follow in order.
///
/// With an `exploration`, it reads no segments: it walks the type instead, giving each case
/// and a stand-in for each value, so that a route's shape is checked at start-up (see
/// `PathExploration`).
final class PathSegmentDecoder: Decoder {
    private(set) var reader: PathReader
    let exploration: PathExploration?
    private let root: Any.Type
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(reader: PathReader, root: Any.Type, exploration: PathExploration? = nil) {
        self.reader = reader
        self.root = root
        self.exploration = exploration
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedSegments(decoder: self, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw refusal("a list (an array or a set) cannot be read from path segments.", at: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleSegment(decoder: self, codingPath: codingPath)
    }

    func refusal(_ reason: String, at codingPath: [any CodingKey]) -> PathMappingError {
        PathMappingError(type: root, codingPath: codingPath, reason: reason)
    }

    /// The numbers and Booleans written with their `description`.
    static func isScalar(_ type: Any.Type) -> Bool {
        scalarTypes.contains { $0 == type }
    }

    private static let scalarTypes: [Any.Type] = [
        Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
        UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self, Double.self, Float.self, Bool.self,
    ]

    /// The case the next segment names, if `Key` has one of that name.
    func keys<Key: CodingKey>(_ type: Key.Type, at path: [any CodingKey]) throws -> [Key] {
        if let exploration { return [try exploration.nextCase(of: Key.self, decoder: self, at: path)] }
        return reader.peek().flatMap(Key.init(stringValue:)).map { [$0] } ?? []
    }

    func enterCase(_ key: some CodingKey, at path: [any CodingKey]) throws {
        guard exploration == nil else { return }
        guard reader.peek() == key.stringValue else {
            throw DecodingError.keyNotFound(key, .init(codingPath: path, debugDescription: "Another case is next."))
        }
        _ = reader.next()
    }

    /// True when the next segment is `~`, which it then consumes.
    func readNil() -> Bool {
        guard exploration == nil, reader.peek() == PathSegment.none else { return false }
        _ = reader.next()
        return true
    }

    var isAtEnd: Bool { exploration == nil && reader.isAtEnd }

    func read<Value: Decodable>(_ type: Value.Type, at path: [any CodingKey]) throws -> Value {
        if let nested = Value.self as? any PathRepresentable.Type {
            return try readNested(nested, at: path) as! Value
        }
        if Value.self == String.self || Self.isScalar(Value.self) {
            guard let value = try scalar(Value.self, at: path) else {
                throw DecodingError.typeMismatch(Value.self, .init(codingPath: path, debugDescription: "Not a \(Value.self)."))
            }
            return value
        }
        if Value.self is any ExpressibleByDictionaryLiteral.Type {
            throw refusal("a dictionary cannot be read from path segments.", at: path)
        }
        return try decodeDeeper(Value.self, at: path)
    }

    private func readNested<Nested: PathRepresentable>(_ type: Nested.Type, at path: [any CodingKey]) throws -> Nested {
        if let exploration {
            exploration.meet(Nested.self)
            return try decodeDeeper(Nested.self, at: path)
        }
        guard let value = Nested.read(from: &reader) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Not a \(Nested.self)."))
        }
        return value
    }

    private func decodeDeeper<Value: Decodable>(_ type: Value.Type, at path: [any CodingKey]) throws -> Value {
        let outer = codingPath
        codingPath = path
        defer { codingPath = outer }
        do {
            return try Value(from: self)
        } catch let error where exploration != nil && !(error is PathMappingError) {
            // A stand-in the type refused (an enum with raw values checks its raw value): any of
            // its cases will do, when it is a plain enum.
            guard let first = EnumCases.all(of: Value.self)?.first else { throw error }
            return first
        }
    }

    private func scalar<Value>(_ type: Value.Type, at path: [any CodingKey]) throws -> Value? {
        if let exploration { return exploration.standIn(for: Value.self) }
        guard let segment = reader.next() else {
            throw DecodingError.valueNotFound(Value.self, .init(codingPath: path, debugDescription: "The path ends here."))
        }
        if Value.self == String.self { return PathSegment.string(from: segment) as? Value }
        guard let scalarType = Value.self as? any LosslessStringConvertible.Type else { return nil }
        return scalarType.init(segment) as? Value
    }
}
