/// The whole navigation state of one user: the selected tab, every tab's stack, and what is
/// presented over the visible screen (a presentation, which may present another over itself). A
/// plain `Sendable` value; every change is a pure function on it
/// (`apply(_:)`), so it is tested without a server.
///
/// ```swift
/// var state = NavigationState<AppNavigation>()
/// state.apply(.push(.orderHistory))
/// state.apply(.push(.orderDetail(orderId: "ORD-001")))
/// state.url        // "/home/orders/order/ORD-001"
/// state.apply(.selectTab(.home))  // already selected: pops to root, as in SwiftUI
/// ```
public struct NavigationState<Schema: NavigationSchema>: Sendable {
    /// The fields, behind one reference that is copied on write: a page request hands the state
    /// from stage to stage and keeps it in several values (the cookie read, the page, the
    /// context), and each copy of a dozen counted fields went through the generic type's value
    /// witnesses, field by field. Now a copy is one retain.
    private var storage: Storage

    /// The tab shown, whose stack the URL holds. Set directly, only the selection changes; the
    /// ``NavigationAction/selectTab(_:)`` action also dismisses the presentation and pops a tab
    /// selected again to its root.
    public var selectedTab: Schema.Tab {
        get { storage.fields.selectedTab }
        set { unique().fields.selectedTab = newValue }
    }
    /// What is presented over the visible screen, bottom first: empty for nothing, one for a
    /// sheet over the stack, more when a presented screen presents over itself (an alert over a
    /// sheet), up to ``NavigationSchema/presentationDepth``. Changed through the actions
    /// (`.present`, `.presentOver`, `.dismiss`, …), which keep it within that depth.
    public internal(set) var presentations: [Presentation<Schema>] {
        get { storage.fields.presentations }
        _modify { yield &unique().fields.presentations }
    }
    /// The first presentation's destination: the one thing presented over the visible screen,
    /// nil for nothing. Setting another replaces the whole chain with it, at the root of its own
    /// stack and its first detent; setting the same one changes nothing.
    public var presentation: Schema.Destination? {
        get { presentations.first?.destination }
        set {
            guard newValue != presentations.first?.destination else { return }
            presentations = newValue.map { [Presentation($0)] } ?? []
        }
    }
    /// The first presentation's own navigation stack (a sheet holding a `NavigationStack`);
    /// empty when nothing is presented. Each presentation's is its ``Presentation/path``.
    public var presentationPath: StackState<Schema.Route> { presentations.first?.path ?? [] }
    /// The presentation the user acts on: the last of the chain.
    public var topPresentation: Presentation<Schema>? { presentations.last }
    /// The user's tab order and hidden tabs.
    public var customization: TabCustomization<Schema.Tab> {
        get { storage.fields.customization }
        _modify { yield &unique().fields.customization }
    }
    /// Feature flags the user switched on (such as the one that shows a hidden tab).
    public var features: Set<String> {
        get { storage.fields.features }
        _modify { yield &unique().fields.features }
    }
    /// The app context the stacks belong to, such as the signed-in account; changing it with
    /// `.switchContext` resets every stack ("reset the path when app context changes").
    public internal(set) var context: String? {
        get { storage.fields.context }
        _modify { yield &unique().fields.context }
    }
    /// What a multi-step flow has collected so far (a coordinator's draft, the app's own
    /// ``NavigationSchema/Draft``), nil when no flow is under way. Set with
    /// ``NavigationAction/recordFlow(_:)`` and cleared with ``NavigationAction/clearFlow``;
    /// another context or owner starts without one.
    public var flow: Schema.Draft? {
        get { storage.fields.flow }
        _modify { yield &unique().fields.flow }
    }
    /// Whose state this is: the ``Identity/stateKey`` of the signed-in visitor it was kept for,
    /// nil when nobody was signed in. Changed by ``bind(to:)``, which starts the state anew for
    /// another owner, so no stack, draft or scene storage passes from one account to the next.
    public internal(set) var owner: String? {
        get { storage.fields.owner }
        _modify { yield &unique().fields.owner }
    }
    /// Small values the app keeps for this browser from page to page and across restarts, as
    /// SwiftUI's `@SceneStorage` keeps a scene's (what is playing, which recipe is cooking);
    /// changed with ``NavigationAction/setSceneStorage(_:_:)``. Another context starts empty.
    public var sceneStorage: [String: String] {
        get { storage.fields.sceneStorage }
        _modify { yield &unique().fields.sceneStorage }
    }
    /// Each tab's state at its position in `Tab.allCases`, or empty while every tab is at its
    /// root. Kept when popped to the root, so a stack goes on counting its element IDs (one
    /// rebuilt from a URL, the cookie or a new selection numbers from 0 again: see
    /// `StackElementID`). An array, not a dictionary keyed by tab: hashing a tab hashes its name.
    private(set) var tabs: [TabState<Schema.Route>] {
        get { storage.fields.tabs }
        _modify { yield &unique().fields.tabs }
    }

    /// Every tab at its root, `selectedTab` selected, nothing presented.
    public init(selectedTab: Schema.Tab = Schema.defaultTab, presentation: Schema.Destination? = nil) {
        storage = Storage(Fields(selectedTab: selectedTab, presentations: presentation.map { [Presentation($0)] } ?? []))
    }

    /// The storage, first copied when another state shares it, for a change.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    /// The state of `tab`; a tab never visited is at its root.
    public subscript(tab: Schema.Tab) -> TabState<Schema.Route> {
        get { tabs.isEmpty ? TabState() : tabs[Self.position(of: tab)] }
        set {
            if tabs.isEmpty { tabs = Array(repeating: TabState(), count: Schema.Tab.allCases.count) }
            tabs[Self.position(of: tab)] = newValue
        }
    }

    /// The position of `tab` in `Tab.allCases`, which holds every tab. A tab that is an enum
    /// without payloads is one byte, its case's index, which is its position unless the app lists
    /// its cases in another order; that byte is checked against the case at that position, so any
    /// other tab type, or order, is found by comparing (which for a tab with a raw value compares
    /// names).
    static func position(of tab: Schema.Tab) -> Int {
        let cases = Schema.Tab.allCases
        if MemoryLayout<Schema.Tab>.size == 1 {
            let byte = withUnsafeBytes(of: tab) { $0[0] }
            if Int(byte) < cases.count, withUnsafeBytes(of: cases[cases.index(cases.startIndex, offsetBy: Int(byte))], { $0[0] }) == byte {
                return Int(byte)
            }
        }
        return cases.distance(from: cases.startIndex, to: cases.firstIndex(of: tab)!)
    }

    /// The height the first presentation rests at when it is a sheet: the first of its detents
    /// until ``NavigationAction/setDetent(_:)`` moves it (the URL's `detent=`); nil when no sheet
    /// is presented. Each presentation's is its ``Presentation/detent``.
    public var detent: PresentationDetent? { presentations.first?.detent }

    /// The selected tab's stack.
    public var path: StackState<Schema.Route> {
        get { self[selectedTab].path }
        set { self[selectedTab].path = newValue }
    }
}

/// Equal when every tab shows the same screens: a tab never visited equals one popped to root,
/// and element IDs do not count.
extension NavigationState: Hashable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.selectedTab == rhs.selectedTab && lhs.presentations == rhs.presentations
            && lhs.customization == rhs.customization && lhs.features == rhs.features && lhs.context == rhs.context
            && lhs.owner == rhs.owner && lhs.flow == rhs.flow && lhs.sceneStorage == rhs.sceneStorage && sameTabs(lhs, rhs)
    }

    /// Whether every tab shows the same screens in both. Two states that have each visited a tab
    /// hold every tab, in the same order: compared where they are, not copied out tab by tab
    /// (three references retained and released a tab and a side).
    private static func sameTabs(_ lhs: Self, _ rhs: Self) -> Bool {
        if !lhs.tabs.isEmpty, !rhs.tabs.isEmpty { return lhs.tabs == rhs.tabs }
        return Schema.Tab.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(selectedTab)
        hasher.combine(presentations)
        hasher.combine(customization)
        hasher.combine(features)
        hasher.combine(context)
        hasher.combine(owner)
        hasher.combine(flow)
        hasher.combine(sceneStorage)
        for tab in Schema.Tab.allCases { hasher.combine(self[tab]) }
    }
}

extension NavigationState {
    /// The tabs the tab bar shows, in order: the user's arrangement, without the tabs they hid
    /// and those the schema hides in this state (`.hidden(_:)`). Hidden tabs keep their stacks.
    public var visibleTabs: [Schema.Tab] {
        let hidden = customization.hidden
        return customization.arranged.filter { !Self.holds(hidden, $0) && !Schema.isHidden($0, in: self) }
    }

    /// True when `tab` is in the tab bar.
    public func isVisible(_ tab: Schema.Tab) -> Bool {
        !Self.holds(customization.hidden, tab) && !Schema.isHidden(tab, in: self)
    }

    /// Whether `tabs` holds `tab`. The few tabs a user hides are compared, not hashed: a tab
    /// with a raw value hashes its name, and every page asks this of every tab.
    private static func holds(_ tabs: Set<Schema.Tab>, _ tab: Schema.Tab) -> Bool {
        tabs.count <= 8 ? tabs.contains { $0 == tab } : tabs.contains(tab)
    }
}
