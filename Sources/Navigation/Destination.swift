/// How a destination is presented over the screen it covers. How each case looks is how
/// `NavigationHTML`'s page template and `Public/app.css` draw it; "wide" is 768 px and more.
public enum PresentationStyle: String, Codable, Sendable, CaseIterable {
    /// A card that rises from the bottom of a narrow window to the first of its
    /// ``Destination/detents``; in a wide window a card centred near the top. It has a Close link.
    case sheet
    /// Covers the whole window, tab bar included, at every width. It has a Close link.
    case fullScreenCover
    /// A sheet in a narrow window (always at the large height); in a wide window a panel near its
    /// top right corner, over the page without dimming it. It has a Close link.
    case popover
    /// A small box in the middle of the window, its content centred (`Screen.alert` fills it with
    /// a message and buttons). It has no Close link: its buttons close it, as do Escape and a
    /// click beside it.
    case alert
    /// An action sheet along the bottom of a narrow window, a box in the middle of a wide one;
    /// like an alert, it has no Close link.
    case confirmationDialog
}

/// The heights a sheet can rest at (`presentationDetents`); the first is where it opens.
public enum PresentationDetent: String, Codable, Sendable, CaseIterable {
    /// Half the window: a narrow window's sheet covers its lower half, a wide window's sheet is at
    /// most half the window's height.
    case medium
    /// Nearly the whole window: a narrow window's sheet leaves a strip of the page at the top, a
    /// wide window's sheet is at most 80% of the window's height.
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
