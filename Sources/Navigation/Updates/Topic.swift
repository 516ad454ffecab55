/// What a screen's data depends on and what a write changes, by name: `orders`, `orders/ORD-001`,
/// `notes/account-7`. A page names the topics it was drawn from; a store publishes a topic's new
/// version when a write that changes it commits; a page that is behind refreshes itself.
///
/// ```swift
/// let list: Topic = "orders"
/// let order: Topic = "orders/\(id)"
/// ```
///
/// A topic is a signal, never data: a page that names the wrong one refreshes once too often,
/// and learns nothing it could not read. Name an account's own topics with its id, so that no
/// other account's writes refresh its pages. A page's stream token (`UpdateToken`) is signed, not
/// encrypted: its topics' names are readable in the page, so keep secrets out of them.
public struct Topic: Hashable, Comparable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The topic's name, as the store records its version.
    public let name: String

    /// The topic named `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The topic named by a string literal, interpolations included: `"orders/\(id)"`.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The topic's name.
    public var description: String { name }

    /// Topics in the order of their names.
    public static func < (lhs: Topic, rhs: Topic) -> Bool {
        lhs.name < rhs.name
    }
}
