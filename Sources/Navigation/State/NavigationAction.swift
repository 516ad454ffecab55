/// Everything that changes navigation. Applied with `NavigationState.apply(_:)`.
public enum NavigationAction<Schema: NavigationSchema>: Hashable, Sendable {
    /// Pushes a screen on the selected tab's stack.
    case push(Schema.Route)
    /// Pops the top screen (the back button).
    case pop
    /// Pops to the element with this ID; does nothing when the stack no longer holds it.
    case popTo(StackElementID)
    /// Pops the selected tab to its root.
    case popToRoot
    /// Replaces the selected tab's whole stack.
    case replace([Schema.Route])
    /// Selects a tab, restoring its stack; selecting the selected tab pops it to root.
    case selectTab(Schema.Tab)
    /// Sets the selected tab's split-view column selection (sidebar first); the detail stack
    /// resets, as a new sidebar selection does in `NavigationSplitView`.
    case select([Schema.Route])
    /// Changes the app context (such as the signed-in account): every tab pops to root, with
    /// its split-view selection, the presentation is dismissed, and a flow's draft and the scene
    /// storage start empty. Tab arrangement and feature flags stay. Switching to the same context
    /// changes nothing.
    case switchContext(String?)
    /// Clears the navigation history (seed 003's "Clear Navigation History"): every tab's stack
    /// and split-view selection goes, the app's default tab is selected (or the first shown)
    /// and the presentation closes, so `/` opens a root. Tab arrangement, feature flags, the
    /// context and a flow's progress stay.
    case clearHistory
    /// Keeps what a multi-step flow has collected so far as ``NavigationState/flow``, in place of
    /// what it held: a coordinator reads the draft, changes it and records it
    /// (`var draft = state.flow ?? Draft(); draft.name = name; .recordFlow(draft)`).
    case recordFlow(Schema.Draft)
    /// Forgets what the flow collected.
    case clearFlow
    /// Keeps `value` under `key` in ``NavigationState/sceneStorage``; nil removes the key.
    case setSceneStorage(String, String?)
    /// Switches a feature flag on or off.
    case setFeature(String, Bool)
    /// Moves a tab by this many places in the user's tab order.
    case moveTab(Schema.Tab, by: Int)
    /// Hides or shows a tab (tabs that cannot be hidden stay); hiding the selected tab selects
    /// the first visible one.
    case setTabHidden(Schema.Tab, Bool)
    /// Restores the app's own tab order with every tab shown.
    case resetTabs
    /// Shows or hides the selected tab's split-view columns.
    case setColumns(ColumnVisibility)
    /// Presents a destination over the visible screen, replacing any other presentation (the
    /// whole chain); presenting the one already first changes nothing.
    case present(Schema.Destination)
    /// Presents a destination over the top presentation, as a presented screen's own `.sheet`
    /// or `.alert` does (over the visible screen when nothing is presented); does nothing when
    /// the chain is as deep as ``NavigationSchema/presentationDepth`` or the top one is it.
    case presentOver(Schema.Destination)
    /// Dismisses the top presentation: the one beneath shows again, as it was.
    case dismiss
    /// Dismisses every presentation.
    case dismissAll
    /// Closes the screen in front, however it was shown, as SwiftUI's `dismiss` and TCA's
    /// `@Dependency(\.dismiss)` do: a screen pushed on the top presentation's own stack is
    /// popped, a presentation at its own root is dismissed, and with nothing presented the
    /// stack's top screen is popped. A child screen uses it without knowing how it was shown.
    case dismissScreen
    /// Moves the top presentation, a sheet, to one of its detents (its grabber); does nothing
    /// when it is not a sheet or the sheet does not list that detent.
    case setDetent(PresentationDetent)
    /// Pushes a screen on the top presentation's own stack; does nothing when nothing is
    /// presented.
    case pushPresented(Schema.Route)
    /// Pops the top presentation's stack by one.
    case popPresented
    /// Opens a location (a URL or a deep link): selects its tab, resets that tab to root, pushes
    /// the location's path and shows its presentation. Other tabs keep their stacks.
    case open(Location<Schema>)
}
