/// Where a ``ToolbarItem`` sits in its bar, named as SwiftUI's `ToolbarItemPlacement`.
///
/// | Placement | Where it is drawn |
/// |---|---|
/// | ``cancellationAction``, ``navigation``, ``topBarLeading`` | the bar's leading end, after the back button |
/// | ``automatic``, ``primaryAction``, ``confirmationAction``, ``destructiveAction``, ``topBarTrailing`` | the bar's trailing end |
/// | ``principal`` | the bar's middle, in place of its title |
/// | ``bottomBar`` | a bar along the screen's foot (above a phone's tab bar) |
///
/// Several items in one place sit side by side in the order the screen lists them. As on iOS, a
/// ``confirmationAction`` is drawn bold and a ``destructiveAction`` in red; and a presented
/// screen with a ``cancellationAction`` or ``confirmationAction`` item has no "Close" button from
/// the library, since that item is its way out.
public struct ToolbarItemPlacement: Sendable, Hashable, CustomStringConvertible {
    /// The part of a bar an item is drawn in.
    enum Slot: Sendable, Hashable {
        case leading, principal, trailing, bottom
    }

    /// How an item's text is drawn: the `toolbar-item` class it adds.
    enum Emphasis: String, Sendable, Hashable {
        case confirm, destructive
    }

    /// SwiftUI's name for it, as `description` says it.
    public let description: String
    let slot: Slot
    let emphasis: Emphasis?
    /// A way out of a presented screen: its presentation then shows no library Close.
    let dismisses: Bool

    private init(_ name: String, _ slot: Slot, emphasis: Emphasis? = nil, dismisses: Bool = false) {
        description = name
        self.slot = slot
        self.emphasis = emphasis
        self.dismisses = dismisses
    }

    /// The default: the trailing end, as SwiftUI places an item it is told nothing about on iOS.
    public static let automatic = Self("automatic", .trailing)
    /// The screen's main action, at the trailing end.
    public static let primaryAction = Self("primaryAction", .trailing)
    /// What confirms a modal screen (Save, Done): the trailing end, bold.
    public static let confirmationAction = Self("confirmationAction", .trailing, emphasis: .confirm, dismisses: true)
    /// What cancels a modal screen: the leading end.
    public static let cancellationAction = Self("cancellationAction", .leading, dismisses: true)
    /// A destructive action (Delete): the trailing end, in red.
    public static let destructiveAction = Self("destructiveAction", .trailing, emphasis: .destructive)
    /// A navigation action (a sidebar toggle, say): the leading end, after the back button.
    public static let navigation = Self("navigation", .leading)
    /// The bar's middle, in place of the title (which stays the page's heading for assistive
    /// technology).
    public static let principal = Self("principal", .principal)
    /// The leading end of the top bar.
    public static let topBarLeading = Self("topBarLeading", .leading)
    /// The trailing end of the top bar.
    public static let topBarTrailing = Self("topBarTrailing", .trailing)
    /// A bar along the foot of the screen.
    public static let bottomBar = Self("bottomBar", .bottom)
}
