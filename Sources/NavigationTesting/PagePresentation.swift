import Navigation

/// A presentation shown over a page (a sheet, cover, popover, alert or dialog), as its markup
/// says.
public struct PagePresentation: Sendable, Hashable {
    /// Its style, or nil when the markup names one this library does not know.
    public let style: PresentationStyle?
    /// Its title (the presentation bar's heading).
    public let title: String
    /// The detent a sheet rests at (`medium`, `large`), or nil when none is named.
    public let detent: String?

    /// A presentation of `style` titled `title`, resting at `detent`.
    public init(style: PresentationStyle?, title: String, detent: String?) {
        self.style = style
        self.title = title
        self.detent = detent
    }
}
