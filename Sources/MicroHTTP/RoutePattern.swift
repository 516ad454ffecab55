/// A route's path pattern: literal segments and `{name}` segments that match any one.
struct RoutePattern: Sendable {
    private enum Segment: Sendable {
        /// Compared byte for byte: every request is matched against every route.
        case literal([UInt8])
        case parameter(String)
    }

    let text: String
    private let segments: [Segment]
    /// The first segment when it is literal: a path whose own differs cannot match. Nil when it
    /// is a parameter, which any segment may fill.
    let firstSegment: FirstSegment?

    init(_ text: String) {
        precondition(text.hasPrefix("/"), "A route's pattern starts with \"/\": \(text)")
        self.text = text
        segments = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { segment in
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 else {
                precondition(!segment.contains("{") && !segment.contains("}"),
                             "A parameter is a whole segment, as in /orders/{id}: \(text)")
                return .literal(Array(segment.utf8))
            }
            return .parameter(String(segment.dropFirst().dropLast()))
        }
        if case .literal(let literal) = segments[0] {
            firstSegment = FirstSegment(name: literal)
        } else {
            firstSegment = nil
        }
    }

    /// The parameters when `path` matches, else nil.
    func match(_ path: String) -> [String: String]? {
        guard path.hasPrefix("/") else { return nil }
        var parameters: [String: String] = [:]
        var remaining = path.utf8.dropFirst()[...]
        for (index, segment) in segments.enumerated() {
            let end = index == segments.count - 1 ? remaining.endIndex
                : (remaining.firstIndex(of: UInt8(ascii: "/")) ?? remaining.endIndex)
            let piece = remaining[..<end]
            switch segment {
            case .literal(let literal):
                guard piece.elementsEqual(literal) else { return nil }
            case .parameter(let name):
                guard !piece.isEmpty, !piece.contains(UInt8(ascii: "/")) else { return nil }
                parameters[name] = String(Substring(piece))
            }
            guard index < segments.count - 1 else { return parameters }
            guard end < remaining.endIndex else { return nil }
            remaining = remaining[remaining.index(after: end)...]
        }
        return parameters
    }
}
