/// A column of a split view (`NavigationSplitViewColumn`).
public enum SplitViewColumn: String, Codable, Sendable, CaseIterable {
    /// The leading column: the list a selection is made in.
    case sidebar
    /// The middle column of a three-column split view.
    case content
    /// The column showing the selection and what is pushed above it.
    case detail
}
