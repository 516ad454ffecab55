/// The leading columns of a tab shown as a `NavigationSplitView` in wide windows.
///
/// A column selection is a push on the tab's stack, as SwiftUI turns it into one on a phone, so
/// one URL serves both widths: a wide window shows `columns` beside a detail column holding the
/// rest of the stack, a narrow one shows the stack itself.
///
/// ```swift
/// // Three columns: categories | recipes | recipe, with the detail's own stack after them.
/// SplitColumns([categoriesList, recipesList], selectionDepth: 2, placeholder: "Select a recipe")
/// ```
public struct SplitColumns: Sendable {
    /// Sidebar first; one screen for two columns, two for three.
    public var columns: [Screen]
    /// How many screens at the bottom of the stack are these columns' selections. The detail
    /// column shows the last column's selection and the screens pushed above it, with a back
    /// button once it holds more than one; until the last column has a selection it shows the
    /// placeholder (or, with no selection at all, the stack itself).
    public var selectionDepth: Int
    /// What the detail column shows when nothing is selected (`ContentUnavailableView`).
    public var unavailable: ContentUnavailable
    /// The title of what the detail column shows when nothing is selected.
    public var placeholder: String {
        get { unavailable.title }
        set { unavailable.title = newValue }
    }

    /// The leading columns `columns`, sidebar first, whose selections are the first
    /// `selectionDepth` screens of the stack (clamped to the stack's depth), with `placeholder`
    /// in the detail column until the last column has a selection.
    public init(_ columns: [Screen], selectionDepth: Int, placeholder: String) {
        self.init(columns, selectionDepth: selectionDepth, placeholder: ContentUnavailable(placeholder))
    }

    /// The same, with an icon, a description or an action in the empty detail column:
    /// `placeholder: ContentUnavailable("Select an Order", systemImage: "bag")`.
    public init(_ columns: [Screen], selectionDepth: Int, placeholder: ContentUnavailable) {
        self.columns = columns
        self.selectionDepth = selectionDepth
        self.unavailable = placeholder
    }
}
