/// How a destination is presented over the screen it covers. How each case looks is how
/// `NavigationHTML`'s page template and `Public/app.css` draw it; "wide" is 768 px and more.
public enum PresentationStyle: String, Codable, Sendable, CaseIterable {
    /// A card that rises from the bottom of a narrow window to the first of its
    /// ``Destination/detents`` (a grabber moves it to the others); in a wide window a card in the
    /// middle, as tall as its content up to 85 % of the window, whatever its detent. It has a
    /// Close link.
    case sheet
    /// Covers the whole window, tab bar included, at every width. It has a Close link.
    case fullScreenCover
    /// A sheet in a narrow window (always at the large height); in a wide window a panel beside
    /// the link that presented it, with an arrow pointing at it, over the page without dimming it
    /// (near the top right corner when no link on the screen presents it). It has a Close link.
    case popover
    /// A small box in the middle of the window, its content centred (`Screen.alert` fills it with
    /// a message and buttons). It has no Close link: its buttons close it, as do Escape and a
    /// click beside it.
    case alert
    /// An action sheet along the bottom of a narrow window; in a wide one a box beside the link
    /// that presented it, as a popover is (in the middle when no link presents it). Like an
    /// alert, it has no Close link.
    case confirmationDialog
    /// Pushed on the visible stack, as SwiftUI's `navigationDestination(item:)` and
    /// `navigationDestination(isPresented:)` push: drawn as the stack's top screen (over another
    /// presentation, as that presentation's), with a Back that dismisses it. It is a
    /// presentation of the state, not a route: the JSON shows it as a destination, and a push or
    /// a pop of the stack beneath closes it.
    case navigationDestination
}

/// The heights a sheet can rest at in a narrow window (`presentationDetents`); the first is where
/// it opens, and a wide window ignores them, as iPadOS does.
public enum PresentationDetent: String, Codable, Sendable, CaseIterable {
    /// Half the window: the sheet covers its lower half.
    case medium
    /// Nearly the whole window: the sheet leaves a strip of the page at the top.
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
    /// True for a presentation only a signed-in visitor may open (see
    /// ``NavigationState/requiresSignIn``); false by default.
    var requiresSignIn: Bool { get }
}

extension Destination {
    public var detents: [PresentationDetent] { [.large] }
    public var requiresSignIn: Bool { false }

    /// Whether this destination can rest at `detent`: a sheet, at one of its detents.
    func canRest(at detent: PresentationDetent) -> Bool {
        style == .sheet && detents.contains(detent)
    }
}
