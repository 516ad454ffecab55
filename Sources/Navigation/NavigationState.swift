/// The whole navigation state of one user: the selected tab, every tab's stack, and the single
/// optional presentation. A plain `Sendable` value; every change is a pure function on it
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
    public var selectedTab: Schema.Tab
    /// The one thing presented over the visible screen, if any. Changing it empties
    /// `presentationPath`, so a presented stack never outlives its presentation.
    public var presentation: Schema.Destination? {
        didSet { if presentation != oldValue { presentationPath = [] } }
    }
    /// The presentation's own navigation stack (a sheet holding a `NavigationStack`); changed
    /// only through `pushPresented` / `popPresented`, which need a presentation.
    public internal(set) var presentationPath: StackState<Schema.Route> = []
    /// The user's tab order and hidden tabs.
    public var customization = TabCustomization<Schema.Tab>()
    /// Feature flags the user switched on (such as the one that shows a hidden tab).
    public var features: Set<String> = []
    /// The app context the stacks belong to, such as the signed-in account; changing it with
    /// `.switchContext` resets every stack ("reset the path when app context changes").
    public internal(set) var context: String?
    /// What a multi-step flow has collected so far (a coordinator's draft), until it finishes.
    public var flow: [String: String] = [:]
    /// Kept even when emptied, so a stack's element IDs are never handed out twice.
    private(set) var tabs: [Schema.Tab: TabState<Schema.Route>]

    /// Every tab at its root, `selectedTab` selected, nothing presented.
    public init(selectedTab: Schema.Tab = Schema.defaultTab, presentation: Schema.Destination? = nil) {
        self.selectedTab = selectedTab
        self.presentation = presentation
        self.tabs = [:]
    }

    /// The state of `tab`; a tab never visited is at its root.
    public subscript(tab: Schema.Tab) -> TabState<Schema.Route> {
        get { tabs[tab] ?? TabState() }
        set { tabs[tab] = newValue }
    }

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
        lhs.selectedTab == rhs.selectedTab && lhs.presentation == rhs.presentation
            && lhs.presentationPath == rhs.presentationPath && lhs.customization == rhs.customization
            && lhs.features == rhs.features && lhs.context == rhs.context && lhs.flow == rhs.flow
            && Schema.Tab.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(selectedTab)
        hasher.combine(presentation)
        hasher.combine(presentationPath)
        hasher.combine(customization)
        hasher.combine(features)
        hasher.combine(context)
        hasher.combine(flow)
        for tab in Schema.Tab.allCases { hasher.combine(self[tab]) }
    }
}

extension NavigationState {
    /// The tabs the tab bar shows, in order: the user's arrangement, without the tabs they hid
    /// and those the schema hides in this state (`.hidden(_:)`). Hidden tabs keep their stacks.
    public var visibleTabs: [Schema.Tab] {
        customization.arranged.filter { !customization.hidden.contains($0) && !Schema.isHidden($0, in: self) }
    }

    /// True when `tab` is in the tab bar.
    public func isVisible(_ tab: Schema.Tab) -> Bool {
        !customization.hidden.contains(tab) && !Schema.isHidden(tab, in: self)
    }
}
