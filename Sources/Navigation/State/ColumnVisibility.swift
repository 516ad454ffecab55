/// Which columns of a split view show in a wide window (`NavigationSplitViewVisibility`).
public enum ColumnVisibility: String, Codable, Sendable, CaseIterable {
    /// The window's width decides.
    case automatic
    /// Every column.
    case all
    /// Only the detail column.
    case detailOnly
}
