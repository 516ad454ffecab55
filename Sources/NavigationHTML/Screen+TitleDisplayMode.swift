/// How a screen's title is drawn, as SwiftUI's `NavigationBarItem.TitleDisplayMode`.
public enum TitleDisplayMode: Sendable, Hashable {
    /// Large under the bar on a stack's screen, which the bar takes over as it scrolls away; in
    /// the bar of a presentation.
    case automatic
    /// In the bar from the start, as a detail screen's usually is; the large heading stays for
    /// assistive technology.
    case inline
}

extension Screen {
    /// This screen with its title drawn as `mode` says, as SwiftUI's
    /// `.navigationBarTitleDisplayMode(_:)`.
    ///
    /// ```swift
    /// Screen.list(order.id, sections: sections).navigationBarTitleDisplayMode(.inline)
    /// ```
    public consuming func navigationBarTitleDisplayMode(_ mode: TitleDisplayMode) -> Screen {
        var screen = self
        screen.titleDisplayMode = mode
        return screen
    }
}
