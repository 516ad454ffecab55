/// What one tab holds: its navigation stack and, for a tab shown as a split view, the selection of
/// its leading columns (sidebar first).
public struct TabState<Route: Navigation.Route>: Hashable, Sendable, Codable {
    /// The tab's stack; empty shows the tab's root screen.
    public var path: StackState<Route>
    /// Split-view column selections, sidebar first; empty when the tab is a plain stack.
    public var selection: [Route]
    /// For a tab shown as a split view: which columns show in a wide window.
    public var columns: ColumnVisibility

    /// A tab's state; by default at its root with nothing selected and columns automatic.
    public init(path: StackState<Route> = [], selection: [Route] = [], columns: ColumnVisibility = .automatic) {
        self.path = path
        self.selection = selection
        self.columns = columns
    }

    /// True for a tab at its root with nothing selected: the state every tab starts in.
    public var isEmpty: Bool { path.isEmpty && selection.isEmpty && columns == .automatic }

    private enum CodingKeys: String, CodingKey { case path, selection, columns }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decodeIfPresent(StackState<Route>.self, forKey: .path) ?? []
        selection = try container.decodeIfPresent([Route].self, forKey: .selection) ?? []
        columns = try container.decodeIfPresent(ColumnVisibility.self, forKey: .columns) ?? .automatic
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        if !selection.isEmpty { try container.encode(selection, forKey: .selection) }
        if columns != .automatic { try container.encode(columns, forKey: .columns) }
    }
}
