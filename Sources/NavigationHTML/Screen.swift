import Navigation

/// What an app shows for one screen: a title for the navigation bar and `<title>`, and the name
/// of the template that renders its content from `model`.
///
/// ```swift
/// Screen(title: "Order History", template: "demo/order-history", model: OrderListPage(...))
/// ```
///
/// `model` is a `TemplateModel`, or any struct whose stored properties the template reads through
/// reflection (simpler, several times slower). Every `{{value}}` in the template is HTML-escaped.
public struct Screen: Sendable {
    /// The screen's heading: the navigation bar's, and the page's `<title>` before the app's
    /// name; for a presentation's content or a split-view column, that one's heading. Back
    /// buttons and the breadcrumb name pushed screens by `NavigationApp.titles(of:)` instead.
    public var title: String
    /// The name of the template that renders `model`: its path below the templates folder
    /// without `.mustache`, such as `demo/order-history`.
    public var template: String
    /// What the template reads its values from: a `TemplateModel`, or a struct read through
    /// reflection.
    public var model: any Sendable
    /// The buttons of its navigation bar (see ``toolbar(_:)``); none by default.
    public var toolbarItems: [ToolbarItem] = []
    /// Whether, presented, it closes through its own buttons only (see
    /// ``interactiveDismissDisabled(_:)``); false by default.
    public var isInteractiveDismissDisabled = false
    /// How it arrives (see ``navigationTransition(_:)``); `.automatic` by default.
    public var transition: NavigationTransition = .automatic
    /// Its search field (``searchable(prompt:context:)``), if it has one.
    var search: SearchField?
    /// How its title is drawn (see ``navigationBarTitleDisplayMode(_:)``); `.automatic` by default.
    public var titleDisplayMode: TitleDisplayMode = .automatic
    /// Whether, presented as a sheet, the screen behind it stays usable (see
    /// ``presentationBackgroundInteraction(_:)``); `.automatic` by default.
    public var backgroundInteraction: PresentationBackgroundInteraction = .automatic
    /// How, presented as a popover, it adapts to a phone's width (see
    /// ``presentationCompactAdaptation(_:)``); `.automatic` by default.
    public var compactAdaptation: PresentationAdaptation = .automatic
    /// What its data depends on (see ``observing(_:)``); none by default.
    public var topics: Set<Topic> = []

    /// A screen titled `title` whose content is `template` rendered with `model`.
    public init(title: String, template: String, model: any Sendable) {
        self.title = title
        self.template = template
        self.model = model
    }
}
