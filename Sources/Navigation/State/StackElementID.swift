/// A stable identity for one element of a `StackState` (TCA's `StackElementID`): pop-to links
/// name the element rather than an index, so a stale page whose stack has changed since pops to
/// the right element or does nothing, never to a wrong one.
public struct StackElementID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The number its stack gave the element: 0, 1, 2… in the order elements were pushed, never
    /// reused by that stack, so a later push has a larger ID. A stack made from an array
    /// (including one read from the cookie or a URL) numbers its elements from 0 again.
    public let rawValue: Int

    /// The ID numbered `rawValue`; it names an element only of a stack that handed it out.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(rawValue) }
}
