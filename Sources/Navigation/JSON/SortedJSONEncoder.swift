import Foundation

/// Encodes a value as `JSONEncoder` with `.sortedKeys` does, byte for byte, for values made of
/// strings, integers, booleans, nil, arrays and keyed containers: what navigation states, their
/// routes and destinations are made of. Anything else (a `Double`, `Date`, `Data`, `URL`,
/// `Decimal`, a super encoder) throws `Unsupported`, and the caller uses `JSONEncoder`.
///
/// `JSONEncoder` was a third of the CPU of a request for the JSON state (perf under `wrk`); this
/// builds a small tree and writes it with `JSONWriter`, which escapes strings as `JSONEncoder`.
struct SortedJSONEncoder {
    struct Unsupported: Error {}

    static func encode(_ value: some Encodable) throws -> [UInt8] {
        var writer = JSONWriter()
        try encode(value, into: &writer)
        return writer.bytes
    }

    /// `value` written in a value's place in `writer`; nothing is written when it throws.
    static func encode(_ value: some Encodable, into writer: inout JSONWriter) throws {
        let root = Node()
        let context = Context()
        try value.encode(to: TreeEncoder(node: root, context: context))
        guard !context.isUnsupported else { throw Unsupported() }
        root.write(into: &writer)
    }

    /// What one encoding shares: whether something asked for what this encoder does not do.
    final class Context {
        var isUnsupported = false

        /// A super encoder, which `JSONEncoder` nests under "super" and no navigation value
        /// asks for: the encoding is marked unsupported, and what goes into it is dropped.
        func refused() -> any Encoder {
            isUnsupported = true
            return TreeEncoder(node: Node(), context: self)
        }
    }

    /// A JSON value being built: containers are nodes, so one filled after its parent took it is
    /// seen from the parent.
    final class Node {
        var scalar: String?
        var isString = false
        var array: [Node]?
        /// Members in the order they were encoded, a key encoded again replacing its value, as
        /// in `JSONEncoder`: objects here have a few members, which a dictionary hashed twice
        /// each (a sixth of the JSON state's encoding).
        var object: [(key: String, value: Node)]?

        func write(into writer: inout JSONWriter) {
            if let scalar {
                if isString { writer.string(scalar) } else { writer.literal(scalar) }
            } else if let array {
                writer.open("[")
                for element in array { element.write(into: &writer) }
                writer.close("]")
            } else {
                writer.open("{")
                for (key, value) in (object ?? []).sorted(by: { $0.key < $1.key }) {
                    writer.key(escaping: key)
                    value.write(into: &writer)
                }
                writer.close("}")
            }
        }

        /// Makes this node hold `value`; an unsupported kind throws. Types are told apart by
        /// their metatypes: a dynamic cast per value (`as? String`, `as? any BinaryInteger`) cost
        /// as much as all the rest.
        func set<T: Encodable>(_ value: T, context: Context) throws {
            if T.self == String.self {
                scalar = unsafeBitCast(value, to: String.self)
                isString = true
            } else if T.self == Int.self {
                scalar = String(unsafeBitCast(value, to: Int.self))
            } else if T.self == Bool.self {
                scalar = unsafeBitCast(value, to: Bool.self) ? "true" : "false"
            } else if let number = Self.integer(value) {
                scalar = number
            } else if T.self == Double.self || T.self == Float.self || T.self == Date.self || T.self == Data.self
                        || T.self == URL.self || T.self == Decimal.self {
                throw Unsupported()
            } else {
                try value.encode(to: TreeEncoder(node: self, context: context))
            }
        }

        /// The digits of a fixed-width integer other than `Int`.
        private static func integer<T>(_ value: T) -> String? {
            switch T.self {
            case is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
                 is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
                String(describing: value)
            default:
                nil
            }
        }
    }

    struct TreeEncoder: Encoder {
        let node: Node
        /// Kept empty: an encoding that throws is done again by `JSONEncoder`, which names the path.
        var codingPath: [any CodingKey] { [] }
        let context: Context
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.object == nil { node.object = [] }
            return KeyedEncodingContainer(Keyed(node: node, context: context))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.array == nil { node.array = [] }
            return Unkeyed(node: node, context: context)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: node, context: context)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        /// Kept empty: an encoding that throws is done again by `JSONEncoder`, which names the path.
        var codingPath: [any CodingKey] { [] }
        let context: Context

        private func child(_ key: Key) -> Node {
            let child = Node()
            let name = key.stringValue
            if let index = node.object!.firstIndex(where: { $0.key == name }) {
                node.object![index].value = child
            } else {
                node.object!.append((name, child))
            }
            return child
        }

        mutating func encodeNil(forKey key: Key) throws { child(key).scalar = "null" }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try child(key).set(value, context: context)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            TreeEncoder(node: child(key), context: context).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            TreeEncoder(node: child(key), context: context).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { context.refused() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { context.refused() }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        /// Kept empty: an encoding that throws is done again by `JSONEncoder`, which names the path.
        var codingPath: [any CodingKey] { [] }
        let context: Context
        var count: Int { node.array!.count }

        private func child() -> Node {
            let child = Node()
            node.array!.append(child)
            return child
        }

        mutating func encodeNil() throws { child().scalar = "null" }
        mutating func encode<T: Encodable>(_ value: T) throws { try child().set(value, context: context) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            TreeEncoder(node: child(), context: context).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            TreeEncoder(node: child(), context: context).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { context.refused() }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        /// Kept empty: an encoding that throws is done again by `JSONEncoder`, which names the path.
        var codingPath: [any CodingKey] { [] }
        let context: Context

        mutating func encodeNil() throws { node.scalar = "null" }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.set(value, context: context) }
    }
}
