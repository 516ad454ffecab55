/// How the user arranged the tabs (`TabViewCustomization`): their order and the ones they hid.
/// Kept in the state cookie. Tabs missing from `order` (added to the app since) follow in their
/// declared order.
public struct TabCustomization<Tab: Navigation.Tab>: Sendable {
    /// The user's order, first tab first; empty for the app's own (`Tab.allCases`). A tab listed
    /// twice counts where it first appears.
    public var order: [Tab]
    /// The tabs the user took out of the tab bar; each keeps its stack. Set directly, it is not
    /// checked against `Tab.canBeHidden` (``NavigationAction/setTabHidden(_:_:)`` is).
    public var hidden: Set<Tab>

    /// An arrangement; by default the app's own, with every tab shown.
    public init(order: [Tab] = [], hidden: Set<Tab> = []) {
        self.order = order
        self.hidden = hidden
    }

    /// The app's own arrangement: its order, with the tabs that are hidden by default
    /// (`Tab.isHiddenByDefault`) hidden. A new state starts from it; `.resetTabs` returns to it.
    public static var appDefault: TabCustomization {
        // Every state starts from this: a loop, not a key path, which costs an instantiation
        // per call in generic code (12 % of a page, measured).
        var hidden = Set<Tab>()
        for tab in Tab.allCases where tab.isHiddenByDefault { hidden.insert(tab) }
        return TabCustomization(hidden: hidden)
    }

    /// `self == .appDefault`, without making `appDefault`'s set: every cookie written asks, and
    /// almost every user has the app's own arrangement.
    var isAppDefault: Bool {
        var hiddenByDefault = 0
        for tab in Tab.allCases where tab.isHiddenByDefault {
            guard hidden.contains(tab) else { return false }
            hiddenByDefault += 1
        }
        return hidden.count == hiddenByDefault && (order.isEmpty || arranged.elementsEqual(Tab.allCases))
    }

    /// Every tab, in the user's order.
    public var arranged: [Tab] {
        // Most users never move a tab: every page's tab bar and cookie asks for this.
        guard !order.isEmpty else { return Array(Tab.allCases) }
        var seen = Set<Tab>()
        return (order + Tab.allCases).filter { seen.insert($0).inserted }
    }

    /// True when the app's order shows with every tab (the app's own arrangement, unless a tab
    /// is hidden by default: see ``appDefault``).
    public var isDefault: Bool { hidden.isEmpty && (order.isEmpty || arranged == Array(Tab.allCases)) }

    /// Moves `tab` by `offset` places, within bounds.
    mutating func move(_ tab: Tab, by offset: Int) {
        var tabs = arranged
        guard let index = tabs.firstIndex(of: tab) else { return }
        let target = min(max(index + offset, 0), tabs.count - 1)
        tabs.remove(at: index)
        tabs.insert(tab, at: target)
        order = tabs
    }
}

/// Equal when the tabs come out in the same order with the same ones hidden, however `order`
/// was written.
extension TabCustomization: Hashable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hidden == rhs.hidden && (lhs.order == rhs.order || lhs.arranged == rhs.arranged)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(arranged)
        hasher.combine(hidden)
    }
}
