import MicroHTTP
import Navigation

/// What the browser received for one URL, after following its redirects: the answer itself
/// (status, headers, body) and what the page shows (its screen's title, visible tab,
/// presentation, links and forms), read from the markup.
///
/// ```swift
/// let page = try await browser.get("/notes/folder/Work/note/2")
/// #expect(page.status == 200)
/// #expect(page.title == "Call Sam")
/// #expect(page.selectedTab == "notes")
/// ```
public struct BrowserPage: Sendable {
    /// The page's URL: the path and query of the last request, after any redirects.
    public let url: String
    /// The HTTP status of the last answer (200, 404, 422…, or 303 when redirects are not
    /// followed).
    public let status: Int
    /// The last answer's header fields, `Set-Cookie` included.
    public let headers: HTTPHeaders
    /// The body as received (empty for HEAD).
    public let body: [UInt8]
    /// The redirects followed to reach `url`, first first; empty when none.
    public let redirects: [Redirect]
    /// The markup, read when the answer is HTML.
    let document: HTMLDocument?

    /// A page as the browser makes it from an answer: the markup is read when the
    /// `Content-Type` says HTML.
    public init(url: String, status: Int, headers: HTTPHeaders, body: [UInt8], redirects: [Redirect] = []) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.redirects = redirects
        let type = headers["Content-Type"]?.lowercased() ?? ""
        document = type.contains("html") ? HTMLDocument(body) : nil
    }

    /// The body as UTF-8 text (bytes that are not valid UTF-8 become U+FFFD).
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }

    /// The first value of the header field `name` (any case), or nil.
    public func header(_ name: String) -> String? {
        headers[name]
    }

    /// The `Set-Cookie` fields of the last answer, as sent.
    public var setCookies: [String] {
        headers.values("Set-Cookie")
    }

    /// Whether the last answer sets the cookie `name` (to a value, or deletes it).
    public func setsCookie(_ name: String) -> Bool {
        setCookies.contains { $0.hasPrefix(name + "=") }
    }

    /// The screen shown at `url` as the app's schema reads the URL: its tab, stack, split-view
    /// selection and presentation. Nil when the URL names no screen completely (`/`, an unknown
    /// path, a route segment the schema does not read). The URL is the visible screen, so this
    /// is exact without asking the server; `TestBrowser.state()` adds what only the cookie holds.
    public func location<Schema: NavigationSchema>(as schema: Schema.Type) -> Location<Schema>? {
        let (path, query) = URLText.split(url)
        let arguments = Dictionary(query.map { URLText.pairs(of: $0) } ?? [], uniquingKeysWith: { first, _ in first })
        guard case .location(let location) = Location<Schema>.match(
            path: URLText.percentDecoded(path, plusAsSpace: false), query: arguments) else { return nil }
        return location
    }
}
