/// What one URL shows: a tab, that tab's stack (and split-view selection), and what is presented
/// over it. Deep links resolve to a `Location` as well; opening one resets the tab to root and
/// pushes the location's path, as the seeds' `handleDeepLink` does.
public struct Location<Schema: NavigationSchema>: Hashable, Sendable {
    /// The tab shown, the URL's first segment; opening the location replaces that tab's stack.
    public var tab: Schema.Tab
    /// The tab's stack, bottom first, above its root screen; empty for the root itself.
    public var path: [Schema.Route]
    /// For a split-view tab: the column selections, sidebar first (`select=`); empty for none.
    public var selection: [Schema.Route]
    /// For a split-view tab: which columns show in a wide window.
    public var columns: ColumnVisibility
    /// What is presented over the stack, bottom first (`present=`, then `present-2=`, …); empty
    /// for nothing.
    public var presentations: [Presentation<Schema>]

    /// A location on `tab`, at its root unless `path` says otherwise, with nothing selected or
    /// presented by default. Without a `presentation`, `presentationPath` and `detent` are dropped.
    public init(
        tab: Schema.Tab,
        path: [Schema.Route] = [],
        selection: [Schema.Route] = [],
        columns: ColumnVisibility = .automatic,
        presentation: Schema.Destination? = nil,
        presentationPath: [Schema.Route] = [],
        detent: PresentationDetent? = nil
    ) {
        self.init(tab: tab, path: path, selection: selection, columns: columns,
                  presentations: presentation.map { [Presentation($0, path: presentationPath, detent: detent)] } ?? [])
    }

    /// A location on `tab` with a chain of presentations over its stack, bottom first.
    ///
    /// ```swift
    /// Location<AppNavigation>(tab: .home, path: [.orderHistory], presentations: [
    ///     Presentation(.orderSheet(orderId: "ORD-001")), Presentation(.editOrder(orderId: "ORD-001")),
    /// ]).url   // "/home/orders?present=order/ORD-001&present-2=edit/ORD-001"
    /// ```
    public init(
        tab: Schema.Tab, path: [Schema.Route] = [], selection: [Schema.Route] = [],
        columns: ColumnVisibility = .automatic, presentations: [Presentation<Schema>]
    ) {
        self.tab = tab
        self.path = path
        self.selection = selection
        self.columns = columns
        self.presentations = presentations
    }

    /// The first presentation's destination (`present=`), or nil for nothing; setting it
    /// replaces the chain with that one at its root, setting nil removes them all.
    public var presentation: Schema.Destination? {
        get { presentations.first?.destination }
        set {
            guard newValue != presentations.first?.destination else { return }
            presentations = newValue.map { [Presentation($0)] } ?? []
        }
    }

    /// The first presentation's own stack (`presented-path=`); ignored without a presentation.
    public var presentationPath: [Schema.Route] {
        get { presentations.first?.path.elements ?? [] }
        set {
            guard !presentations.isEmpty else { return }
            presentations[0].path = StackState(newValue)
        }
    }

    /// The detent the first presentation, a sheet, was moved to (`detent=`), or nil for its
    /// first; one the sheet does not list is ignored.
    public var detent: PresentationDetent? {
        get { presentations.first?.movedDetent }
        set {
            guard !presentations.isEmpty else { return }
            presentations[0].movedDetent = nil
            if let newValue { presentations[0].moveDetent(to: newValue) }
        }
    }
}

extension NavigationState {
    /// The visible screen: the selected tab's stack and the presentation over it.
    public var location: Location<Schema> {
        let visible = self[selectedTab]
        return Location(
            tab: selectedTab,
            path: visible.path.elements,
            selection: visible.selection,
            columns: visible.columns,
            presentations: presentations
        )
    }

    /// The canonical URL of the visible screen; fetching it with no cookie shows the same screen.
    public var url: String { location.url }

    /// The URL of each screen of the visible stack, root first: where `.popToRoot` and `.popTo`
    /// each element lead, built in one pass rather than one per screen (a breadcrumb's links).
    public var stackURLs: [String] {
        Links(self).stackURLs
    }
}
