/// A button in a screen's bar, as SwiftUI's `.toolbar { ToolbarItem(placement:) { … } }`: a link,
/// the submit button of a form on the screen, or a button that posts one of the screen's
/// actions. Its ``placement`` says where the bar draws it;
/// on a pushed or root screen that is the navigation bar (in a split view, its column's), on a
/// presented one the presentation's own bar.
///
/// ```swift
/// Screen.list("Orders", sections: sections)
///     .toolbar([ToolbarItem("New Order", systemImage: "plus", href: context.href(.present(.newOrder)))])
///
/// Screen(title: "Order Details", template: "shop/order", model: order)
///     .toolbar([ToolbarItem("Done", placement: .confirmationAction, href: context.href(.dismiss))])
/// ```
///
/// With a `systemImage` the button shows that icon only and `title` is its accessible name
/// (`aria-label`); without one it shows `title`.
public struct ToolbarItem: Sendable {
    /// What a toolbar button does when pressed.
    public enum Action: Sendable, Hashable {
        /// Follows a link: a `GET` of the URL.
        case link(href: String)
        /// Submits the form with this `id` on the same page, as its own submit button would
        /// (`<button form="…">`): with or without JavaScript, and with Return in its fields.
        /// With the library's script it says `pendingTitle` (when there is one) while the post
        /// is on its way, and is pressed once only.
        case submit(formID: String, pendingTitle: String?)
        /// Submits the form with this `id` as `action` rather than the form's own, without the
        /// browser's checks and never with Return (the form's own submit keeps that): a Cancel
        /// that lets the app see the edits before they go, to ask "Discard changes?" when there
        /// are some (``Screen/form(_:action:fields:hidden:submitTitle:pendingTitle:cancelHref:cancelAction:context:)``).
        case submitAs(formID: String, action: String)
        /// Posts `_action` with this value to the page it is drawn on, as SwiftUI's
        /// `Button(action:)` runs its closure: the app's `submit(_:context:)` handles it and
        /// answers 303. Needs no form of the app's own, nor JavaScript.
        case post(action: String)
    }

    /// What the button says, or with an icon its accessible name.
    public let title: String
    /// The icon's name, as SwiftUI's `systemImage` (`"plus"`, `"square.and.pencil"`), drawn
    /// from the page's stylesheet; nil for a text button.
    public let systemImage: String?
    /// Where in the bar it sits.
    public let placement: ToolbarItemPlacement
    /// What pressing it does.
    public let action: Action
    /// Its `view-transition-name` as a zoom's source (``matchedTransitionSource(id:)``).
    var zoomName: String?

    /// A toolbar button that leads to `href`.
    public init(
        _ title: String, systemImage: String? = nil, placement: ToolbarItemPlacement = .automatic, href: String
    ) {
        self.title = title
        self.systemImage = systemImage
        self.placement = placement
        self.action = .link(href: href)
    }

    /// A toolbar button that submits the form whose `id` is `formID`, as the Save of SwiftUI's
    /// `ToolbarItem(placement: .confirmationAction)`. A `Screen.form` has one already; this is
    /// for a form the app's own template draws.
    ///
    /// ```swift
    /// ToolbarItem("Send", placement: .confirmationAction, submitting: "message-form", pendingTitle: "Sending…")
    /// ```
    public init(
        _ title: String, systemImage: String? = nil, placement: ToolbarItemPlacement = .confirmationAction,
        submitting formID: String, pendingTitle: String? = nil
    ) {
        self.title = title
        self.systemImage = systemImage
        self.placement = placement
        self.action = .submit(formID: formID, pendingTitle: pendingTitle)
    }

    /// A toolbar button that submits the form whose `id` is `formID` as `action` (the
    /// submission's ``Submission/action``) instead of the form's own: the fields are posted
    /// whatever they hold, so the app can tell whether anything was changed.
    ///
    /// ```swift
    /// ToolbarItem("Cancel", placement: .cancellationAction, submitting: "form-saveOrder", as: "cancelEdit")
    /// ```
    public init(
        _ title: String, systemImage: String? = nil, placement: ToolbarItemPlacement = .cancellationAction,
        submitting formID: String, as action: String
    ) {
        self.title = title
        self.systemImage = systemImage
        self.placement = placement
        self.action = .submitAs(formID: formID, action: action)
    }

    /// A toolbar button that posts `action` (the submission's ``Submission/action``) to the
    /// screen it is drawn on.
    ///
    /// ```swift
    /// ToolbarItem("Start Cooking", systemImage: "play", placement: .bottomBar, posting: "startCooking")
    /// ```
    public init(
        _ title: String, systemImage: String? = nil, placement: ToolbarItemPlacement = .automatic, posting action: String
    ) {
        self.title = title
        self.systemImage = systemImage
        self.placement = placement
        self.action = .post(action: action)
    }

    /// The URL a link leads to; nil for a button that submits a form.
    public var href: String? {
        if case .link(let href) = action { href } else { nil }
    }
}

extension Screen {
    /// This screen with `items` added to its bar, after any it had: as SwiftUI's `.toolbar`
    /// modifiers add up. Each item's ``ToolbarItem/placement`` says where it is drawn.
    public consuming func toolbar(_ items: [ToolbarItem]) -> Screen {
        var screen = self
        screen.toolbarItems += items
        return screen
    }
}
