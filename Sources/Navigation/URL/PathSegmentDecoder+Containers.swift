extension PathSegmentDecoder {
    /// An enum's cases (`allKeys` is the one the next segment names) and the values of a case or
    /// a struct, read in order: keys other than case names are not in the path.
    struct KeyedSegments<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: PathSegmentDecoder
        let codingPath: [any CodingKey]

        var allKeys: [Key] {
            // Synthesized code reads the keys without `try`; a failure shows as no case at all.
            (try? decoder.keys(Key.self, at: codingPath)) ?? []
        }

        func contains(_ key: Key) -> Bool { !decoder.isAtEnd }

        func decodeNil(forKey key: Key) throws -> Bool { decoder.readNil() }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.read(T.self, at: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder.enterCase(key, at: codingPath)
            return KeyedDecodingContainer(KeyedSegments<NestedKey>(decoder: decoder, codingPath: codingPath + [key]))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw decoder.refusal("a list (an array or a set) cannot be read from path segments.", at: codingPath + [key])
        }

        func superDecoder() throws -> any Decoder {
            throw decoder.refusal("a superclass's encoding cannot be read from path segments.", at: codingPath)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
    }

    struct SingleSegment: SingleValueDecodingContainer {
        let decoder: PathSegmentDecoder
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { decoder.readNil() }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try decoder.read(T.self, at: codingPath)
        }
    }
}
