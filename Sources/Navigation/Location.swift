/// What one URL shows: a tab, that tab's stack (and split-view selection), and at most one
/// presentation over it. Deep links resolve to a `Location` as well; opening one resets the tab
/// to root and pushes the location's path, as the seeds' `handleDeepLink` does.
public struct Location<Schema: NavigationSchema>: Hashable, Sendable {
    public var tab: Schema.Tab
    public var path: [Schema.Route]
    public var selection: [Schema.Route]
    /// For a split-view tab: which columns show in a wide window.
    public var columns: ColumnVisibility
    public var presentation: Schema.Destination?
    /// The presentation's own stack; ignored without a presentation.
    public var presentationPath: [Schema.Route]

    public init(
        tab: Schema.Tab,
        path: [Schema.Route] = [],
        selection: [Schema.Route] = [],
        columns: ColumnVisibility = .automatic,
        presentation: Schema.Destination? = nil,
        presentationPath: [Schema.Route] = []
    ) {
        self.tab = tab
        self.path = path
        self.selection = selection
        self.columns = columns
        self.presentation = presentation
        self.presentationPath = presentation == nil ? [] : presentationPath
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
            presentationPath: presentationPath.elements
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
