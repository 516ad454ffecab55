import Navigation

extension BrowserPage {
    /// The screen's title: the text of its `<h1>` (`id="screen-title"` where the library's page
    /// has one). A presentation's title is `presentation?.title`. Nil for an answer that is not
    /// HTML or has no heading.
    public var title: String? {
        guard let document else { return nil }
        guard let heading = document.element(withID: "screen-title") ?? document.elements(named: "h1").first else { return nil }
        return document.text(of: heading)
    }

    /// The `<title>` of the document: the screen's title and the app's name ("Call Sam – Notes").
    public var documentTitle: String? {
        guard let document, let title = document.elements(named: "title").first else { return nil }
        return document.text(of: title)
    }

    /// The visible tab: the name (`Tab.rawValue`) of the tab bar's item marked
    /// `aria-current="page"`, or nil when none is.
    public var selectedTab: String? {
        guard let document else { return nil }
        for link in document.elements(named: "a") {
            guard let element = document.element(link), element["aria-current"] == "page", element.classes.contains("tab"),
                  let name = element.classes.first(where: { $0.hasPrefix("tab-") && $0 != "tab-label" }) else { continue }
            return String(name.dropFirst(4))
        }
        return nil
    }

    /// The presentation shown over the screen, or nil when none is.
    public var presentation: PagePresentation? {
        guard let document, let section = document.element(withID: "presentation"),
              let element = document.element(section) else { return nil }
        let classes = element.classes
        let style = classes.first { PresentationStyle(rawValue: String($0)) != nil }.flatMap { PresentationStyle(rawValue: String($0)) }
        let detent = classes.first { $0.hasPrefix("detent-") }.map { String($0.dropFirst(7)) }
        let title = document.element(withID: "presentation-title").map { document.text(of: $0) } ?? ""
        return PagePresentation(style: style, title: title, detent: detent)
    }

    /// Every link (`<a href>`) on the page, in document order. The page's markup holds both
    /// the narrow and the wide layout, so a link may appear twice.
    public var links: [PageLink] {
        guard let document else { return [] }
        return document.elements(named: "a").compactMap { index in
            guard let element = document.element(index), let href = element["href"] else { return nil }
            return PageLink(
                text: document.text(of: index), spokenText: document.text(of: index, spoken: true),
                textPieces: document.textPieces(of: index, spoken: true), ariaLabel: element["aria-label"], href: href,
                isCompactOnly: element["data-layout"] == "compact")
        }
    }

    /// Every form on the page, in document order.
    public var forms: [PageForm] {
        guard let document else { return [] }
        return document.elements(named: "form").map { PageForm(document: document, form: $0) }
    }

    /// The texts of the page's `role="alert"` elements: notices, form and field errors.
    public var alerts: [String] {
        guard let document else { return [] }
        return document.nodes.indices.filter { document.element($0)?["role"] == "alert" }.map { document.text(of: $0) }
    }

    /// The text a person reads on the page: every text node's text, white space collapsed,
    /// joined by spaces (scripts and styles left out). Both layouts' text is there.
    public var visibleText: String {
        guard let document else { return text }
        return document.nodes.compactMap { node -> String? in
            guard case .text(let text) = node else { return nil }
            let collapsed = HTMLDocument.collapsingWhitespace(text)
            return collapsed.isEmpty ? nil : collapsed
        }.joined(separator: " ")
    }
}
