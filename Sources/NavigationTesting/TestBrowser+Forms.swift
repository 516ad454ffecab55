extension TestBrowser {
    /// Clicks the link whose visible text, spoken text (without `aria-hidden` parts such as a
    /// back link's "‹") or `aria-label` is `text`, and shows the page it leads to. When no link
    /// reads so in full, a link with `text` as one of its pieces counts (a list row's title,
    /// without its subtitle or value).
    ///
    /// - Throws: `BrowserError.noLink`, listing the page's links, when none matches;
    ///   `BrowserError.ambiguousLink` when links to different places match (the same link
    ///   twice, as the narrow and the wide layout both hold it, is one link). A link only a phone
    ///   shows (``PageLink/isCompactOnly``) is followed only when nothing else matches: the
    ///   browser follows a wide window's links.
    @discardableResult
    public func follow(link text: String) async throws -> BrowserPage {
        guard let page else { throw BrowserError.noPage(action: "follow the link \"\(text)\"") }
        let links = page.links
        var matches = links.filter { $0.isNamed(text) }
        if matches.isEmpty { matches = links.filter { $0.textPieces.contains(text) } }
        if matches.contains(where: { !$0.isCompactOnly }) { matches.removeAll { $0.isCompactOnly } }
        guard let first = matches.first else {
            let named = links.filter { !$0.text.isEmpty || $0.ariaLabel != nil }
            throw BrowserError.noLink(text, page: page.url, available: Self.distinct(named))
        }
        guard matches.allSatisfy({ $0.href == first.href }) else {
            throw BrowserError.ambiguousLink(text, page: page.url, matches: Self.distinct(matches))
        }
        return try await navigate(Outgoing(method: "GET", url: first.href, site: "same-origin", referer: page.url, extra: [:]))
    }

    /// Fills in the form whose submit button reads `button` and clicks that button, as a person
    /// does: the form's own fields go with it (hidden ones too: the form token `_token`,
    /// `_action`), `fields` changes some of them, and the button's own `name=value` is added
    /// when it has a name. A POST form is posted url-encoded with `Origin` and
    /// `Sec-Fetch-Site: same-origin`; a GET form loads its action with the fields as the query.
    ///
    /// ```swift
    /// try await browser.submit(form: "Save", fields: ["Title": "Buy soil", "text": "Peat-free"])
    /// ```
    ///
    /// - Parameters:
    ///   - button: The submit button's text (or `aria-label`; an `<input type=submit>`'s value).
    ///   - fields: Values by the field's `<label>` text or its `name`: text for a text field,
    ///     an option's value or text for a `select`, a radio button's value, `on`/`off` for a
    ///     checkbox.
    /// - Throws: `BrowserError.noForm` (listing the page's buttons), `.ambiguousForm`,
    ///   `.noField` (listing the form's labels and names) or `.invalidValue`.
    @discardableResult
    public func submit(form button: String, fields: [String: String] = [:]) async throws -> BrowserPage {
        guard let page else { throw BrowserError.noPage(action: "submit the form \"\(button)\"") }
        var candidates = page.forms.filter { form in form.buttons.contains { $0.text == button } }
        guard !candidates.isEmpty else {
            var buttons: [String] = []
            for text in page.forms.flatMap({ $0.buttons.map(\.text) }) where !buttons.contains(text) { buttons.append(text) }
            throw BrowserError.noForm(button: button, page: page.url, available: buttons)
        }
        if candidates.count > 1 {
            let fitting = candidates.filter { form in fields.keys.allSatisfy { !form.fields(for: $0).isEmpty } }
            if !fitting.isEmpty { candidates = fitting }
        }
        // The same form twice (both layouts draw it) submits the same thing: one form.
        var distinct: [PageForm] = []
        for form in candidates where !distinct.contains(where: { Self.sameSubmission($0, form, button: button) }) {
            distinct.append(form)
        }
        guard distinct.count == 1 else {
            throw BrowserError.ambiguousForm(button: button, page: page.url, count: distinct.count)
        }
        var form = distinct[0]
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            form = try form.setting(key, to: value, button: button)
        }
        let clicked = form.buttons.first { $0.text == button }
        let isPost = (clicked?.formMethod ?? form.method).uppercased() == "POST"
        let action = try URLText.resolve(clicked?.formAction ?? form.action, against: page.url, origin: origin)
        let encoded = URLText.formEncoded(form.entries(clicking: clicked))
        guard isPost else {
            let url = String(URLText.split(action).path) + "?" + encoded
            return try await navigate(Outgoing(method: "GET", url: url, site: "same-origin", referer: page.url, extra: [:]))
        }
        return try await navigate(Outgoing(
            method: "POST", url: action, body: Array(encoded.utf8), contentType: "application/x-www-form-urlencoded",
            site: "same-origin", referer: page.url, extra: [:]))
    }

    /// Whether clicking `button` in either form would send the same request.
    private static func sameSubmission(_ a: PageForm, _ b: PageForm, button: String) -> Bool {
        let clickedA = a.buttons.first { $0.text == button }
        let clickedB = b.buttons.first { $0.text == button }
        return a.method == b.method && a.action == b.action && clickedA?.formAction == clickedB?.formAction
            && a.entries(clicking: clickedA).elementsEqual(b.entries(clicking: clickedB)) { $0 == $1 }
    }

    /// `links` without repeats, in order.
    private static func distinct(_ links: [PageLink]) -> [PageLink] {
        var seen: Set<PageLink> = []
        return links.filter { seen.insert($0).inserted }
    }
}
