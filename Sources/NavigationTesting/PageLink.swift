/// A link (`<a href>`) on a page, as `TestBrowser.follow(link:)` chooses among them.
public struct PageLink: Sendable, Hashable, CustomStringConvertible {
    /// The link's visible text: tags stripped (each to a space), character references decoded,
    /// white space collapsed. A list row's link reads its title, then its subtitle or value
    /// ("Work 2").
    public let text: String
    /// The text a screen reader says: `text` without what is inside `aria-hidden="true"`
    /// elements (a back link's "‹").
    public let spokenText: String
    /// The pieces `text` is made of, one per text node (a row's title alone, "Work").
    public let textPieces: [String]
    /// The `aria-label` attribute, or nil when it has none.
    public let ariaLabel: String?
    /// The `href` attribute as written (references decoded), not resolved against the page's URL.
    public let href: String
    /// Whether only a phone shows it (`data-layout="compact"`): a split tab's link in the tab
    /// bar when `Tab.preferredCompactColumn` leads a phone elsewhere than a wide window.
    public let isCompactOnly: Bool

    /// A link with these parts (the browser reads them from the page).
    public init(
        text: String, spokenText: String? = nil, textPieces: [String]? = nil, ariaLabel: String? = nil, href: String,
        isCompactOnly: Bool = false
    ) {
        self.text = text
        self.spokenText = spokenText ?? text
        self.textPieces = textPieces ?? [text]
        self.ariaLabel = ariaLabel
        self.href = href
        self.isCompactOnly = isCompactOnly
    }

    /// Whether `label` is the link's whole text, its spoken text or its `aria-label`.
    public func isNamed(_ label: String) -> Bool {
        text == label || spokenText == label || ariaLabel == label
    }

    /// `"text" → href`, as the browser's errors list links.
    public var description: String {
        let name = ariaLabel.map { text.isEmpty ? $0 : "\(text)\" (aria-label \"\($0)" } ?? text
        return "\"\(name)\" → \(href)"
    }
}
