import Navigation

/// Whether the screen behind a sheet stays usable, as SwiftUI's
/// `PresentationBackgroundInteraction`: by default it is dimmed and inert, and a click on it
/// closes the sheet; enabled up through a detent, it stays as it is (not dimmed, its links and
/// forms at hand, read by assistive technology) while the sheet rests no higher, as Maps keeps
/// its map usable under a half-height sheet.
///
/// ```swift
/// Screen.list("Order Details", sections: sections)
///     .presentationBackgroundInteraction(.enabled(upThrough: .medium))
/// ```
public struct PresentationBackgroundInteraction: Sendable, Hashable {
    /// The highest detent at which the screen behind is usable; nil when it never is.
    let upThrough: PresentationDetent?

    /// The default: the screen behind is inert and dimmed.
    public static let automatic = PresentationBackgroundInteraction(upThrough: nil)
    /// The screen behind is inert and dimmed.
    public static let disabled = PresentationBackgroundInteraction(upThrough: nil)
    /// The screen behind is usable at every detent.
    public static let enabled = PresentationBackgroundInteraction(upThrough: .large)

    /// The screen behind is usable while the sheet rests at `detent` or lower.
    public static func enabled(upThrough detent: PresentationDetent) -> PresentationBackgroundInteraction {
        PresentationBackgroundInteraction(upThrough: detent)
    }

    /// Whether the screen behind a sheet resting at `detent` is usable.
    func allows(at detent: PresentationDetent) -> Bool {
        guard let upThrough else { return false }
        return PresentationDetent.allCases.firstIndex(of: detent)! <= PresentationDetent.allCases.firstIndex(of: upThrough)!
    }
}

extension Screen {
    /// This screen, presented as a sheet, leaving the screen behind it usable as `interaction`
    /// says. Covers, popovers, alerts and dialogs keep the screen behind inert.
    public consuming func presentationBackgroundInteraction(_ interaction: PresentationBackgroundInteraction) -> Screen {
        var screen = self
        screen.backgroundInteraction = interaction
        return screen
    }
}
