/// The name of a value's enum case, read from its `Encodable` conformance: the key synthesized
/// code opens for the case (`orderDetail` for `.orderDetail(orderId: "ORD-001")`), or a raw
/// value's text. Reading stops at the name, so no associated value is encoded; it costs a
/// fraction of a `Mirror`'s reflection, which matters where every request names its screen.
package enum CaseName {
    /// The case's name, or nil for a value whose encoding names no case (a struct writes its
    /// fields; a custom conformance may write anything).
    package static func of<Value: Encodable>(_ value: Value) -> String? {
        // A raw value names a case only for an enum without payloads (one byte at most, as
        // `EnumCases` explains): a struct encoded as one value (an id) would name every value.
        let reader = Reader(acceptsRawValue: MemoryLayout<Value>.size <= 1)
        do {
            try value.encode(to: reader)
        } catch {
            // `Reader.Stop`: thrown as soon as the name is known.
        }
        return reader.name
    }

    private final class Reader: Encoder {
        struct Stop: Error {}

        let acceptsRawValue: Bool
        var name: String?
        /// Set once the value's encoding has begun, so that nothing after it can name a case.
        var isDone = false
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(acceptsRawValue: Bool) {
            self.acceptsRawValue = acceptsRawValue
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            defer { isDone = true }
            return KeyedEncodingContainer(Cases(reader: self, isTop: !isDone))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            isDone = true
            return Refusal()
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            defer { isDone = true }
            return RawValue(reader: self, isTop: !isDone && acceptsRawValue)
        }
    }

    /// The top container of an enum: the case's key opens a nested container. A struct's
    /// fields are encoded instead, and name no case.
    private struct Cases<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let reader: Reader
        let isTop: Bool
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { throw Reader.Stop() }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw Reader.Stop() }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            if isTop, reader.name == nil { reader.name = key.stringValue }
            return KeyedEncodingContainer(Cases<NestedKey>(reader: reader, isTop: false))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Refusal() }
        mutating func superEncoder() -> any Encoder { reader }
        mutating func superEncoder(forKey key: Key) -> any Encoder { reader }
    }

    /// A raw-value enum writes its raw value alone.
    private struct RawValue: SingleValueEncodingContainer {
        let reader: Reader
        let isTop: Bool
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { throw Reader.Stop() }
        mutating func encode(_ value: String) throws { try name(value) }
        mutating func encode(_ value: Int) throws { try name(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { throw Reader.Stop() }

        private func name(_ text: String) throws {
            if isTop { reader.name = text }
            throw Reader.Stop()
        }
    }

    private struct Refusal: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }

        mutating func encodeNil() throws { throw Reader.Stop() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw Reader.Stop() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Cases<NestedKey>(reader: Reader(acceptsRawValue: false), isTop: false))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { Reader(acceptsRawValue: false) }
    }
}
