import HTMLTemplates

/// The link that presented a popover or a confirmation dialog, found in the rendered screen
/// behind it: the first link whose `href` is the presentation's own URL. Marked with
/// `data-presentation-source`, it is what the stylesheet anchors the presentation to in a wide
/// window, so the popover is drawn at its source with no script. A screen drawn by the app's own
/// template is searched the same way, as long as it writes its links as `href="…"`.
struct PresentationSource {
    /// The presentation's URL.
    let href: String
    /// `href="<the URL, escaped as the templates escape it>"`.
    private let needle: [UInt8]
    /// Inserted before the `href` found.
    private static let attribute = Array("data-presentation-source ".utf8)
    /// Whether a link was marked: only the first found is.
    private(set) var isFound = false

    /// The source of a presentation whose URL is `href`.
    init(href: String) {
        self.href = href
        var buffer = HTMLBuffer(capacity: href.utf8.count + 16)
        buffer.append("href=\"")
        buffer.append(escaping: href)
        buffer.append("\"")
        needle = buffer.bytes
    }

    /// Marks the first link in `html` that leads to the presentation, unless one was marked.
    mutating func mark(in html: inout [UInt8]) {
        guard !isFound,
              let found = html.withUnsafeBufferPointer({ page in needle.withUnsafeBufferPointer { page.firstOffset(of: $0) } })
        else { return }
        html.insert(contentsOf: Self.attribute, at: found)
        isFound = true
    }

    /// Marks the first toolbar button that leads to the presentation, unless one was marked.
    mutating func mark(in toolbar: inout [PageModel.ToolbarButton]) {
        guard !isFound, let index = toolbar.firstIndex(where: { $0.href == href }) else { return }
        toolbar[index].isPresentationSource = true
        isFound = true
    }
}
