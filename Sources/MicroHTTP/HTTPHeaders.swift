/// An ordered list of header fields.
///
/// Lookup by name is ASCII case-insensitive; order and repeated fields are
/// kept as added. Nothing is validated here: the server drops any field that is
/// unsafe to put on the wire when it sends a response (see `isSafeField`).
public struct HTTPHeaders: Sendable, Sequence {
    public typealias Element = (name: String, value: String)

    private var fields: [Element] {
        didSet { checkedLines = nil }
    }

    /// The fields as `HeaderLines` holds them, each checked, when `keepCheckedLines()` made
    /// them and nothing changed since: a kept file's fields, sent as they are on every answer.
    private(set) var checkedLines: [UInt8]?

    /// An empty list.
    public init() {
        fields = []
    }

    /// The pairs as fields, in order, repeated names kept; nothing is validated here.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// The fields as they are, in order: the server's, read already named.
    init(fields: [Element]) {
        self.fields = fields
    }

    /// The first value for `name`, or nil when there is none.
    public subscript(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value for `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping any existing ones with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Sets the only value for `name`: the first existing field keeps its position,
    /// later ones are removed; appends when there was none.
    public mutating func replace(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { Self.sameName($0.name, name) }) else {
            return add(name, value)
        }
        fields[first].value = value
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if Self.sameName(fields[index].name, name) {
                fields.remove(at: index)
            } else {
                index = fields.index(after: index)
            }
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// The number of fields, each repeat of a name counted.
    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive, with no lowercased copies: a page asks for a few fields by name.
    private static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(x | 0x20))
        }
    }
}

extension HTTPHeaders {
    /// Checks the fields and keeps them as they go on the wire (`checkedLines`), until the next
    /// change: for fields sent unchanged with many answers, checked and copied once, not on each.
    mutating func keepCheckedLines() {
        var lines = HeaderLines(capacity: 256)
        lines.append(self)
        checkedLines = lines.bytes
    }

    /// Calls `body` with each field's name and value, in order, read where they are: a `for`
    /// loop over the fields copies each one, a retain and a release for each of its strings.
    func forEachField(_ body: (String, String) -> Void) {
        fields.withUnsafeBufferPointer { fields in
            for index in fields.indices { body(fields[index].name, fields[index].value) }
        }
    }

    /// Whether a field can go on the wire without letting its content forge other
    /// fields or responses: the name is an RFC 9110 token, the value has no CR,
    /// LF, NUL or other control character except horizontal tab.
    static func isSafeField(name: String, value: String) -> Bool {
        !name.isEmpty && ByteClass.token.containsAll(name) && ByteClass.fieldValue.containsAll(value)
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
