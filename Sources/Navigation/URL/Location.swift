/// What one URL shows: a tab, that tab's stack (and split-view selection), and at most one
/// presentation over it. Deep links resolve to a `Location` as well; opening one resets the tab
/// to root and pushes the location's path, as the seeds' `handleDeepLink` does.
public struct Location<Schema: NavigationSchema>: Hashable, Sendable {
    /// The tab shown, the URL's first segment; opening the location replaces that tab's stack.
    public var tab: Schema.Tab
    /// The tab's stack, bottom first, above its root screen; empty for the root itself.
    public var path: [Schema.Route]
    /// For a split-view tab: the column selections, sidebar first (`select=`); empty for none.
    public var selection: [Schema.Route]
    /// For a split-view tab: which columns show in a wide window.
    public var columns: ColumnVisibility
    /// What is presented over the stack (`present=`), or nil for nothing.
    public var presentation: Schema.Destination?
    /// The presentation's own stack; ignored without a presentation.
    public var presentationPath: [Schema.Route]
    /// The detent a presented sheet rests at (`detent=`), or nil for its first; one the sheet
    /// does not list is ignored.
    public var detent: PresentationDetent?

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
        self.tab = tab
        self.path = path
        self.selection = selection
        self.columns = columns
        self.presentation = presentation
        self.presentationPath = presentation == nil ? [] : presentationPath
        self.detent = presentation == nil ? nil : detent
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
            presentation: presentation,
            presentationPath: presentationPath.elements,
            detent: movedDetent
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
