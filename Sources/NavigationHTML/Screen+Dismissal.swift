extension Screen {
    /// This screen, presented as a sheet or a cover, closes only through its own buttons, as
    /// SwiftUI's `interactiveDismissDisabled(_:)` asks: a click on the dimmed page behind it,
    /// Escape and dragging the sheet down no longer close it. For a step the user must finish (an
    /// onboarding) or a form holding edits that a stray click would lose.
    ///
    /// ```swift
    /// Screen(title: "Edit Order", template: "demo/order-form", model: form)
    ///     .interactiveDismissDisabled(context.submitted != nil)
    /// ```
    ///
    /// Alerts always close through their buttons only.
    public consuming func interactiveDismissDisabled(_ isDisabled: Bool = true) -> Screen {
        var screen = self
        screen.isInteractiveDismissDisabled = isDisabled
        return screen
    }
}
