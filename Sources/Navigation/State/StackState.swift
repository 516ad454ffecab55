/// A navigation stack of typed values, each with a stable `StackElementID` (TCA's `StackState`,
/// SwiftUI's `NavigationStack(path:)` with a typed array).
///
/// ```swift
/// var stack = StackState<AppRoute>()
/// stack.append(.orderHistory)
/// stack.append(.orderDetail(orderId: "ORD-001"))
/// stack.pop(to: stack.ids[0])   // back to the order history
/// ```
///
/// Equality and hashing compare the values only: two stacks showing the same screens are the
/// same stack, whichever IDs they were given.
public struct StackState<Element: Hashable & Codable & Sendable>: Sendable, RandomAccessCollection {
    /// The ID of each element, in the order of `elements`: `ids[i]` names `elements[i]`.
    public private(set) var ids: [StackElementID]
    /// The values, bottom first: the last is the screen on top.
    public private(set) var elements: [Element]
    private var nextID: Int

    /// A stack holding `elements`, bottom first.
    public init(_ elements: [Element] = []) {
        self.elements = elements
        self.ids = elements.indices.map(StackElementID.init(rawValue:))
        self.nextID = elements.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { elements.count }
    // Stated rather than inherited: the collection defaults reach these through witness tables.
    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }
    /// The top element, the screen shown; nil when the stack is empty and its root shows.
    public var last: Element? { elements.last }
    public subscript(position: Int) -> Element { elements[position] }

    /// The element with `id`, or nil when the stack no longer holds it.
    public subscript(id id: StackElementID) -> Element? {
        ids.firstIndex(of: id).map { elements[$0] }
    }

    /// Pushes `element` on top with a fresh ID.
    public mutating func append(_ element: Element) {
        elements.append(element)
        ids.append(StackElementID(rawValue: nextID))
        nextID += 1
    }

    /// Pops the top `count` elements (fewer if the stack is shorter).
    public mutating func removeLast(_ count: Int = 1) {
        let removed = Swift.min(Swift.max(count, 0), elements.count)
        elements.removeLast(removed)
        ids.removeLast(removed)
    }

    /// Pops every element above `id`, so that it becomes the top. Returns false, changing
    /// nothing, when the stack does not hold `id`.
    @discardableResult
    public mutating func pop(to id: StackElementID) -> Bool {
        guard let index = ids.firstIndex(of: id) else { return false }
        removeLast(elements.count - index - 1)
        return true
    }

    /// Pops everything: the root screen shows.
    public mutating func removeAll() {
        removeLast(elements.count)
    }

    /// Replaces the whole stack, as assigning a new path does in SwiftUI.
    public mutating func replace(with elements: [Element]) {
        removeAll()
        elements.forEach { append($0) }
    }
}

extension StackState: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elements == rhs.elements }
}

extension StackState: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension StackState: Codable {
    /// Encodes as a plain array of values, as SwiftUI's typed path does.
    public init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}

extension StackState: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}
