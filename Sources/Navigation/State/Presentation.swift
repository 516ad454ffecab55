/// One presentation of a state's chain: what is presented, the stack it pushed inside itself (a
/// sheet holding a `NavigationStack`), and where a sheet rests. A presented screen may present
/// one more over itself (TCA's `@Presents` inside a presented feature, SwiftUI's `.alert` on a
/// sheet), so a state holds a chain of these, bottom first, as deep as the schema's
/// ``NavigationSchema/presentationDepth``.
///
/// ```swift
/// var state = NavigationState<AppNavigation>()
/// state.apply(.present(.orderSheet(orderId: "ORD-001")))
/// state.apply(.presentOver(.editOrder(orderId: "ORD-001")))
/// state.presentations.map(\.destination)   // [.orderSheet(…), .editOrder(…)]
/// state.apply(.dismiss)                     // the order sheet again, as it was
/// ```
public struct Presentation<Schema: NavigationSchema>: Hashable, Sendable {
    /// What is presented.
    public let destination: Schema.Destination
    /// The presentation's own stack, above the destination's screen.
    public internal(set) var path: StackState<Schema.Route>
    /// The detent a sheet was moved to, nil while it rests at its first; only ever one of the
    /// sheet's other detents.
    var movedDetent: PresentationDetent?

    /// `destination`, at the root of its own stack and its first detent.
    public init(_ destination: Schema.Destination, path: [Schema.Route] = [], detent: PresentationDetent? = nil) {
        self.destination = destination
        self.path = StackState(path)
        if let detent { moveDetent(to: detent) }
    }

    /// The height a sheet rests at: the first of its detents until moved; nil for anything but
    /// a sheet.
    public var detent: PresentationDetent? {
        guard destination.style == .sheet else { return nil }
        return movedDetent ?? destination.detents.first ?? .large
    }

    /// Moves a sheet to `detent` when it lists it; its first detent is kept as nil.
    mutating func moveDetent(to detent: PresentationDetent) {
        guard destination.canRest(at: detent) else { return }
        movedDetent = detent == destination.detents.first ? nil : detent
    }
}
