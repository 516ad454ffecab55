/// One walk of a route type's shape by `PathSegmentDecoder`, made at start-up: it takes one case
/// of the outermost enum (the first case of any enum inside), gives a stand-in for every value,
/// and notes the nested ``PathRepresentable`` types met, so that `PathCheck` can check each case
/// and each type the route is made of before any request needs it.
final class PathExploration {
    /// The case of the outermost enum this walk takes.
    let caseIndex: Int
    /// How many cases the outermost enum has, once the walk has met it.
    private(set) var caseCount: Int?
    private(set) var nested: [any PathRepresentable.Type] = []
    /// Why the walk stopped, when a container could not say so itself (`allKeys` cannot throw).
    private(set) var failure: PathMappingError?

    init(caseIndex: Int) {
        self.caseIndex = caseIndex
    }

    func nextCase<Key: CodingKey>(of type: Key.Type, decoder: PathSegmentDecoder, at path: [any CodingKey]) throws -> Key {
        do {
            guard let cases = EnumCases.all(of: Key.self) else {
                throw decoder.refusal(
                    "its cases cannot be listed (\(Key.self) is not an enum without associated values).", at: path)
            }
            for key in cases where key.stringValue.isEmpty || key.stringValue.hasPrefix(PathSegment.none) {
                throw decoder.refusal("the case name “\(key.stringValue)” cannot be a path segment (empty, or starts with ~).",
                                      at: path + [key])
            }
            guard caseCount == nil else { return cases[0] }
            caseCount = cases.count
            return cases[min(caseIndex, cases.count - 1)]
        } catch let error as PathMappingError {
            failure = failure ?? error
            throw error
        }
    }

    /// A value for a scalar (`String` or a `PathSegmentDecoder.isScalar` type).
    func standIn<Value>(for type: Value.Type) -> Value? {
        if Value.self == String.self { return "a" as? Value }
        if Value.self == Bool.self { return false as? Value }
        return (Value.self as? any LosslessStringConvertible.Type)?.init("0") as? Value
    }

    func meet(_ type: any PathRepresentable.Type) {
        nested.append(type)
    }
}
