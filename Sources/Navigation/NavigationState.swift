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
public struct NavigationState<Schema: NavigationSchema>: Hashable, Sendable {
    public var selectedTab: Schema.Tab
    public var presentation: Schema.Destination?
    /// Tabs at their empty root are not stored, so equal screens give equal states.
    private var tabs: [Schema.Tab: TabState<Schema.Route>]

    /// Every tab at its root, `selectedTab` selected, nothing presented.
    public init(selectedTab: Schema.Tab = Schema.defaultTab, presentation: Schema.Destination? = nil) {
        self.selectedTab = selectedTab
        self.presentation = presentation
        self.tabs = [:]
    }

    /// The state of `tab`; a tab never visited is at its root.
    public subscript(tab: Schema.Tab) -> TabState<Schema.Route> {
        get { tabs[tab] ?? TabState() }
        set { tabs[tab] = newValue.isEmpty ? nil : newValue }
    }

    /// The selected tab's stack.
    public var path: StackState<Schema.Route> {
        get { self[selectedTab].path }
        set { self[selectedTab].path = newValue }
    }
}
