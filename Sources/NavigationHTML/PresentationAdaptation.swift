/// How a presentation adapts to a phone's width, as SwiftUI's `PresentationAdaptation`.
public enum PresentationAdaptation: Sendable, Hashable {
    /// The default: a popover becomes a sheet rising from the bottom.
    case automatic
    /// A popover stays a popover, drawn at the link that presented it (when the page has it).
    case popover
}

extension Screen {
    /// This screen, presented as a popover, adapting to a phone's width as `adaptation` says,
    /// as SwiftUI's `.presentationCompactAdaptation(_:)`.
    ///
    /// ```swift
    /// Screen.list("Options", sections: sections).presentationCompactAdaptation(.popover)
    /// ```
    public consuming func presentationCompactAdaptation(_ adaptation: PresentationAdaptation) -> Screen {
        var screen = self
        screen.compactAdaptation = adaptation
        return screen
    }
}
