extension TestBrowser {
    /// Opens the current page's update stream (its `<meta name="navigation-updates">`), as the
    /// library's script does while the page is visible, with the browser's cookies; or the stream
    /// at `url`, such as another page's (`BrowserPage.updatesURL`), with this browser's.
    ///
    /// - Throws: `BrowserError.noPage` before any page is loaded; `BrowserError.noUpdates` when
    ///   the page names no stream (its screens observe no topics, or the app has no
    ///   `LiveUpdates`).
    public func openUpdates(at url: String? = nil) async throws -> PageUpdates {
        guard let page else { throw BrowserError.noPage(action: "open the page's updates") }
        guard let url = url ?? page.updatesURL else { throw BrowserError.noUpdates(page.url) }
        let target = try URLText.resolve(url, against: page.url, origin: origin)
        var outgoing = Outgoing(method: "GET", url: url, body: [], site: "same-origin",
                                extra: ["Accept": "text/event-stream"])
        outgoing.isNavigation = false
        return PageUpdates(try await transport.stream(request(for: outgoing, to: target)))
    }
}

extension BrowserPage {
    /// The URL of the page's update stream, from its `<meta name="navigation-updates">`; nil
    /// when it names none.
    public var updatesURL: String? {
        guard let document else { return nil }
        return document.elements(named: "meta").lazy.compactMap { document.element($0) }
            .first { $0["name"] == "navigation-updates" }?["content"]
    }
}
