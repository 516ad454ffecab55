/// A cursor over URL path segments, handed to `PathRepresentable.parse(_:)`.
public struct PathReader: Sendable {
    private let segments: [String]
    /// The next segment's position: `rewind(to:)` goes back to one read earlier.
    private(set) var index: Int
    /// A reader made to ask a type whether its `parse` is the one derived from `Codable`: that
    /// one answers by setting `wasProbed` (see `PathCheck`).
    let isProbe: Bool
    var wasProbed = false

    /// A reader over already-decoded segments, e.g. `["order", "ORD-001"]`.
    public init(_ segments: [String]) {
        self.segments = segments
        self.index = 0
        self.isProbe = false
    }

    /// A reader over the segments of a request's already percent-decoded path, e.g.
    /// `PathReader(path: "/order/ORD-001")`, as `Location.match(path:query:)` reads it: the
    /// leading `/` and one trailing `/` are no separators.
    public init(path: String) {
        self.init(URLEncoding.segments(ofPath: path))
    }

    init(probing: Void) {
        self.segments = []
        self.index = 0
        self.isProbe = true
    }

    /// Returns the next segment and moves past it, or nil at the end.
    public mutating func next() -> String? {
        guard index < segments.count else { return nil }
        defer { index += 1 }
        return segments[index]
    }

    /// The next segment without consuming it.
    public func peek() -> String? {
        index < segments.count ? segments[index] : nil
    }

    /// True when every segment has been consumed.
    public var isAtEnd: Bool { index >= segments.count }

    /// The segments not consumed yet.
    public var remaining: ArraySlice<String> { segments[min(index, segments.count)...] }

    /// Puts back what was consumed since the reader stood at `index`.
    mutating func rewind(to index: Int) {
        self.index = index
    }
}
