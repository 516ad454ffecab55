/// A stable identity for one element of a `StackState` (TCA's `StackElementID`): pop-to links
/// name the element rather than an index, so a stale page whose stack has changed since pops to
/// the right element or does nothing, never to a wrong one.
public struct StackElementID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(rawValue) }
}
