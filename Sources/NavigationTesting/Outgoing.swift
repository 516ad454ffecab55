/// A request the browser is about to make, before the URL is resolved and the cookies are
/// added: what decides the header fields a browser would send with it.
struct Outgoing: Sendable {
    var method: String
    /// As the test or the page wrote it; resolved against the current page.
    var url: String
    var body: [UInt8] = []
    var contentType: String?
    /// `Sec-Fetch-Site`: `none` for an address typed in, `same-origin` for a click or a form.
    var site: String
    /// The URL (path and query) of the page the request comes from, for `Referer`.
    var referer: String?
    /// The test's own fields: each replaces the browser's of the same name; "" leaves it out.
    var extra: [String: String]
    /// A navigation (a page to show) or a fetch (`Sec-Fetch-Mode: cors`, `Accept: */*`).
    var isNavigation = true
    var followsRedirects = true

    static let acceptHTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"

    /// Turns the request into the one a browser makes after a redirect with `status`: 303 (but
    /// after a HEAD), and 301 or 302 after a POST, go on as a GET without the body.
    mutating func redirect(status: Int) {
        guard (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") else { return }
        method = "GET"
        body = []
        contentType = nil
        extra = extra.filter { !["content-type", "content-length", "origin"].contains($0.key.lowercased()) }
    }

    /// The header fields, in the order a browser sends them.
    func headers(host: String, origin: String, cookie: String?, proxy: ForwardingProxy?) -> [(String, String)] {
        var fields: [(String, String)] = [
            ("Host", host), ("User-Agent", "NavigationTesting"), ("Accept", isNavigation ? Self.acceptHTML : "*/*"),
        ]
        if let cookie { fields.append(("Cookie", cookie)) }
        fields.append(("Sec-Fetch-Dest", isNavigation ? "document" : "empty"))
        fields.append(("Sec-Fetch-Mode", isNavigation ? "navigate" : "cors"))
        fields.append(("Sec-Fetch-Site", site))
        if let referer { fields.append(("Referer", origin + referer)) }
        if method != "GET", method != "HEAD" { fields.append(("Origin", origin)) }
        if let contentType { fields.append(("Content-Type", contentType)) }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { fields.append(("Content-Length", String(body.count))) }
        if let proxy {
            fields.append(("X-Forwarded-For", proxy.clientAddress))
            fields.append(("X-Forwarded-Proto", proxy.scheme))
            fields.append(("X-Forwarded-Host", proxy.host))
        }
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) {
            fields.removeAll { $0.0.lowercased() == name.lowercased() }
            if !value.isEmpty { fields.append((name, value)) }
        }
        return fields
    }
}
