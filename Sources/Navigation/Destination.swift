/// How a destination is presented over the screen it covers.
public enum PresentationStyle: String, Codable, Sendable, CaseIterable {
    case sheet
    case fullScreenCover
    case popover
    case alert
    case confirmationDialog
}

/// The heights a sheet can rest at (`presentationDetents`); the first is where it opens.
public enum PresentationDetent: String, Codable, Sendable, CaseIterable {
    case medium
    case large
}

/// Something presented over a screen: the cases of the app's single optional destination
/// (TCA's `@Presents var destination: Destination.State?`). One enum, so two presentations at
/// once cannot be represented.
///
/// ```swift
/// enum AppDestination: Destination {
///     case search
///     case orderSheet(orderId: String)
///     var style: PresentationStyle { .sheet }
/// }
/// ```
///
/// Its URL form (`?present=orderSheet/ORD-001`) comes from `Codable`, as a route's does.
public protocol Destination: PathRepresentable {
    /// The presentation style this destination uses.
    var style: PresentationStyle { get }
    /// For sheets, the detents it may rest at; `[.large]` unless said otherwise.
    var detents: [PresentationDetent] { get }
}

extension Destination {
    public var detents: [PresentationDetent] { [.large] }
}
