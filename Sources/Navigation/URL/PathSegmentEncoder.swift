/// Writes a value as path segments through its `Encodable` conformance: the derived half of
/// ``PathRepresentable``. An enum case writes its name (its `CodingKeys` string), then each
/// associated value in order; a struct writes its fields in order; a nested
/// ``PathRepresentable`` writes its own `pathSegments`; `nil` writes `~` (see `PathSegment`).
/// Lists and dictionaries have no place in a path and are refused.
final class PathSegmentEncoder: Encoder {
    private(set) var segments: [String] = []
    /// What could not be written; containers that cannot throw where they are made (a list's)
    /// leave it here.
    private(set) var failure: PathMappingError?
    private let root: Any.Type
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(root: Any.Type) {
        self.root = root
    }

    /// The segments of `value`, which must not be a `PathRepresentable` using this encoder
    /// itself (that would ask for its own `pathSegments` again).
    static func segments<Value: Encodable>(of value: Value) throws -> [String] {
        let encoder = PathSegmentEncoder(root: Value.self)
        try value.encode(to: encoder)
        if let failure = encoder.failure { throw failure }
        return encoder.segments
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedSegments(encoder: self, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ListRefusal(encoder: self, codingPath: codingPath)
    }

    /// Keeps the first failure of a container that cannot throw; returns the encoder, whose
    /// segments no longer matter.
    @discardableResult
    func refuse(_ reason: String, at codingPath: [any CodingKey]) -> PathSegmentEncoder {
        failure = failure ?? refusal(reason, at: codingPath)
        return self
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSegment(encoder: self, codingPath: codingPath)
    }

    func refusal(_ reason: String, at codingPath: [any CodingKey]) -> PathMappingError {
        PathMappingError(type: root, codingPath: codingPath, reason: reason)
    }

    func writeNil() {
        segments.append(PathSegment.none)
    }

    func writeCase(_ key: some CodingKey) {
        segments.append(key.stringValue)
    }

    func write<Value: Encodable>(_ value: Value, at path: [any CodingKey]) throws {
        if let string = value as? String {
            segments.append(PathSegment.string(string))
        } else if let nested = value as? any PathRepresentable {
            segments += nested.pathSegments
        } else if PathSegmentDecoder.isScalar(Value.self), let scalar = value as? any LosslessStringConvertible {
            segments.append(scalar.description)
        } else if Value.self is any ExpressibleByDictionaryLiteral.Type {
            throw refusal("a dictionary cannot be written as path segments.", at: path)
        } else {
            let outer = codingPath
            codingPath = path
            defer { codingPath = outer }
            try value.encode(to: self)
        }
    }
}

extension PathSegmentEncoder {
    struct KeyedSegments<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: PathSegmentEncoder
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { encoder.writeNil() }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.write(value, at: codingPath + [key])
        }
        // Synthesized code writes an optional with these; absent is `~`, so later values keep
        // their places.
        // (The typed overloads too: synthesized code calls them for these types, and their
        // defaults leave nil out.)
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

        private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
            guard let value else { return encoder.writeNil() }
            try encode(value, forKey: key)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            // An enum case: its name, then its associated values.
            encoder.writeCase(key)
            return KeyedEncodingContainer(KeyedSegments<NestedKey>(encoder: encoder, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            ListRefusal(encoder: encoder, codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> any Encoder {
            encoder.refuse("a superclass's encoding cannot be written as path segments.", at: codingPath)
        }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
    }

    struct SingleSegment: SingleValueEncodingContainer {
        let encoder: PathSegmentEncoder
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { encoder.writeNil() }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.write(value, at: codingPath) }
    }

    /// An array or a set: refused as soon as it is opened (an empty one writes nothing else), as
    /// a path has no way to say where a list ends.
    struct ListRefusal: UnkeyedEncodingContainer {
        let encoder: PathSegmentEncoder
        let codingPath: [any CodingKey]
        var count: Int { 0 }

        init(encoder: PathSegmentEncoder, codingPath: [any CodingKey]) {
            self.encoder = encoder.refuse("a list (an array or a set) cannot be written as path segments.", at: codingPath)
            self.codingPath = codingPath
        }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(KeyedSegments<NestedKey>(encoder: encoder, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { encoder }
    }
}
