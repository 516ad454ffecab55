/// Checks at start-up that a type's derived URL mapping (``PathRepresentable``'s default, from
/// `Codable`) can write and read back every case: each case is walked with stand-in values
/// (`PathExploration`), written, read back and compared, and each nested route type met is
/// checked in turn. A type that writes its own `pathSegments` and `parse(_:)` is left as it is.
enum PathCheck {
    static func check<Value: PathRepresentable>(_ type: Value.Type, checked: inout Set<ObjectIdentifier>) throws {
        guard checked.insert(ObjectIdentifier(Value.self)).inserted, derivesPath(Value.self) else { return }
        var index = 0
        var count = 1
        while index < count {
            let exploration = PathExploration(caseIndex: index)
            let value = try walk(Value.self, exploration)
            count = exploration.caseCount ?? 1
            try readsBack(value)
            for nested in exploration.nested { try check(nested, checked: &checked) }
            index += 1
        }
    }

    /// True when `Value`'s `parse` is the derived one.
    static func derivesPath<Value: PathRepresentable>(_ type: Value.Type) -> Bool {
        var probe = PathReader(probing: ())
        _ = Value.parse(&probe)
        return probe.wasProbed
    }

    private static func walk<Value: PathRepresentable>(_ type: Value.Type, _ exploration: PathExploration) throws -> Value {
        let decoder = PathSegmentDecoder(reader: PathReader([]), root: Value.self, exploration: exploration)
        do {
            return try Value(from: decoder)
        } catch {
            if let failure = exploration.failure ?? error as? PathMappingError { throw failure }
            throw PathMappingError(
                type: Value.self, codingPath: decoder.codingPath,
                reason: "its Decodable conformance did not accept stand-in values (\(error)).")
        }
    }

    private static func readsBack<Value: PathRepresentable>(_ value: Value) throws {
        let segments = try PathSegmentEncoder.segments(of: value)
        guard !segments.isEmpty else {
            throw PathMappingError(type: Value.self, codingPath: [], reason: "it writes no path segment at all.")
        }
        var reader = PathReader(segments)
        guard let back = Value.read(from: &reader), reader.isAtEnd, back == value else {
            throw PathMappingError(
                type: Value.self, codingPath: [],
                reason: "\(value) is written as /\(segments.joined(separator: "/")), which does not read back as it.")
        }
    }
}

extension NavigationSchema {
    /// Checks that every route and destination (and every route nested in one) whose URL
    /// mapping is derived from `Codable` can write and read back each of its cases. The server
    /// calls it when it is set up (`NavigationResponder.init`), so that a route the path cannot
    /// express stops the app at start-up with a ``PathMappingError`` naming the case and the
    /// value, not a request later.
    public static func checkPaths() throws {
        var checked = Set<ObjectIdentifier>()
        try PathCheck.check(Route.self, checked: &checked)
        try PathCheck.check(Destination.self, checked: &checked)
    }
}
