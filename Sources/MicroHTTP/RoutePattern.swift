/// A route's path pattern: literal segments and `{name}` segments that match any one.
struct RoutePattern: Sendable {
    private enum Segment: Sendable {
        /// Compared byte for byte: every request is matched against every route.
        case literal([UInt8])
        case parameter(String)
    }

    /// A path's first segment as far as telling it from a route's is cheap: its length and its
    /// first eight bytes. Equal for equal segments, so unequal ones rule a route out; the router
    /// reads the request's once and skips the routes whose literal first segment differs, where
    /// matching each route again scanned the path through generic collection code (most requests,
    /// pages and files, share their first segment with no route).
    struct FirstSegment: Equatable {
        let count: Int
        let prefix: UInt64

        /// The first segment of `path`, up to its second `/`; a path without a leading `/` gets
        /// a value no segment has.
        init(of path: String) {
            var bytes = path.utf8.makeIterator()
            guard bytes.next() == UInt8(ascii: "/") else {
                self.init(count: -1, prefix: 0)
                return
            }
            var count = 0
            var prefix: UInt64 = 0
            while let byte = bytes.next(), byte != UInt8(ascii: "/") {
                if count < 8 { prefix |= UInt64(byte) << (8 * count) }
                count += 1
            }
            self.init(count: count, prefix: prefix)
        }

        fileprivate init(literal: [UInt8]) {
            var prefix: UInt64 = 0
            for (offset, byte) in literal.prefix(8).enumerated() { prefix |= UInt64(byte) << (8 * offset) }
            self.init(count: literal.count, prefix: prefix)
        }

        private init(count: Int, prefix: UInt64) {
            self.count = count
            self.prefix = prefix
        }
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
            firstSegment = FirstSegment(literal: literal)
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
