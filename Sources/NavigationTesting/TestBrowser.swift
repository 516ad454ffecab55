import MicroHTTP

/// A browser with JavaScript off, for an app's tests: it keeps cookies, follows redirects, and
/// clicks links and submits forms the way a person's browser does, so a test drives the app
/// through its pages exactly as a user would. `Server.test(_:settings:_:)` hands one over.
///
/// What it does as a browser does:
/// - **Cookies**: every `Set-Cookie` is kept (by name and path; `Max-Age=0` deletes) and sent
///   back on matching paths, so the state cookie rides along: `nav` over http, `__Host-nav`
///   behind an https `ForwardingProxy` (`Secure` cookies only ever over https).
/// - **Redirects**: 301, 302, 303, 307 and 308 are followed up to `Settings.redirectLimit`; 303
///   (and 301/302 after a POST) continue with a GET and no body, 307/308 repeat the method and
///   body. `BrowserPage.redirects` lists them.
/// - **Same-site posts**: a POST carries `Origin` (the browser's own origin) and
///   `Sec-Fetch-Site: same-origin`, and a form's hidden fields (the form token `_token`,
///   `_action`) go with it, so the library's cross-site check lets it through.
///
/// `get`, `post`, `follow(link:)`, `submit(form:fields:)` and `reload()` navigate: the page they
/// reach becomes `page`. `request(_:_:headers:body:)` and `state()` fetch without navigating.
/// The browser is `Sendable`: requests may be sent from several tasks at once.
public final class TestBrowser: Sendable {
    /// The browser's origin, which `Origin` names: `http://127.0.0.1:<port>` live,
    /// `http://localhost` in process, or the proxy's (`https://notes.example`).
    public let origin: String
    /// How the browser behaves.
    public let settings: Settings
    let transport: any BrowserTransport
    private let memory: Locked<(jar: CookieJar, page: BrowserPage?)>

    init(transport: any BrowserTransport, settings: Settings) {
        self.transport = transport
        self.settings = settings
        origin = settings.proxy?.origin ?? "http://" + transport.host
        memory = Locked((CookieJar(isSecureOrigin: origin.hasPrefix("https:")), nil))
    }

    /// A browser of its own on the same server, with no cookies and no page: another user, or
    /// a private window.
    public func anotherBrowser() -> TestBrowser {
        TestBrowser(transport: transport, settings: settings)
    }

    /// The page the browser shows: the last one navigated to, or nil before the first.
    public var page: BrowserPage? {
        memory.withLock { $0.page }
    }

    /// The current page's URL (path and query), or nil before the first page.
    public var url: String? {
        page?.url
    }

    /// The cookies the browser holds, by name (where one name is kept for several paths, the
    /// longest path's).
    public var cookies: [String: String] {
        memory.withLock { memory in
            Dictionary(memory.jar.cookies.sorted { $0.path.count > $1.path.count }.map { ($0.name, $0.value) },
                       uniquingKeysWith: { first, _ in first })
        }
    }

    /// The state cookie's value under either of its names: `name` over http, `__Host-` and
    /// `name` over https (see `StateCookie.name` and `secureName`). Nil when it holds neither.
    public func stateCookie(named name: String = "nav") -> String? {
        let cookies = self.cookies
        return cookies["__Host-" + name] ?? cookies[name]
    }

    /// Sets a cookie by hand for every path, as a test does to tamper with the state cookie.
    public func setCookie(_ name: String, to value: String) {
        memory.withLock { $0.jar.set(name, value) }
    }

    /// Forgets the cookie `name`.
    public func removeCookie(named name: String) {
        memory.withLock { $0.jar.remove(name) }
    }

    /// Forgets every cookie, as a browser restarted without its profile.
    public func clearCookies() {
        memory.withLock { $0.jar.removeAll() }
    }

    /// Navigates to `url` as if typed into the address bar (`Sec-Fetch-Site: none`), following
    /// redirects.
    ///
    /// - Parameters:
    ///   - url: A path and query (`/notes?present=help`), relative to the current page, or an
    ///     absolute URL on the browser's origin.
    ///   - headers: Fields to add, or to replace the browser's own of the same name; an empty
    ///     value leaves that field out.
    @discardableResult
    public func get(_ url: String, headers: [String: String] = [:]) async throws -> BrowserPage {
        try await navigate(Outgoing(method: "GET", url: url, site: "none", extra: headers))
    }

    /// Posts `fields` url-encoded to `url` as a form of this site does (`Origin`,
    /// `Sec-Fetch-Site: same-origin`, `Referer`), and follows the answer's redirect. Unlike
    /// `submit(form:fields:)`, only `fields` are sent: add the page's `_token` yourself.
    /// `headers` adds or replaces fields (an empty value leaves one out): a cross-site post is
    /// `["Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"]`.
    @discardableResult
    public func post(_ url: String, fields: [String: String], headers: [String: String] = [:]) async throws -> BrowserPage {
        let body = URLText.formEncoded(fields.sorted { $0.key < $1.key })
        return try await navigate(Outgoing(
            method: "POST", url: url, body: Array(body.utf8), contentType: "application/x-www-form-urlencoded",
            site: "same-origin", referer: self.url, extra: headers))
    }

    /// Loads the current page again.
    @discardableResult
    public func reload() async throws -> BrowserPage {
        guard let url else { throw BrowserError.noPage(action: "reload") }
        return try await navigate(Outgoing(method: "GET", url: url, site: "none", extra: [:]))
    }

    /// Sends any request as a script on the current page would (`fetch`): with the cookies,
    /// `Origin` on methods other than GET and HEAD, and `Accept: */*` unless `headers` says
    /// otherwise. The answer is returned; the current page stays as it was.
    ///
    /// - Parameters:
    ///   - method: Any method, also one the server does not serve (`PROPFIND` gets `405`).
    ///   - url: A path and query, relative to the current page, or an absolute URL on the
    ///     browser's origin.
    ///   - headers: Fields to add, or to replace the browser's own of the same name; an empty
    ///     value leaves that field out. Give the `Content-Type` of a body.
    ///   - body: The request's body, sent as it is.
    ///   - followRedirects: Nil follows `settings.followsRedirects`.
    @discardableResult
    public func request(
        _ method: String, _ url: String, headers: [String: String] = [:], body: [UInt8] = [], followRedirects: Bool? = nil
    ) async throws -> BrowserPage {
        var outgoing = Outgoing(method: method, url: url, body: body, site: "same-origin", extra: headers)
        outgoing.isNavigation = false
        outgoing.followsRedirects = followRedirects ?? settings.followsRedirects
        return try await load(outgoing)
    }

    /// `outgoing` as sent to `target`, with the browser's cookies for it.
    func request(for outgoing: Outgoing, to target: String) -> OutgoingRequest {
        let cookie = memory.withLock { $0.jar.header(for: target) }
        return OutgoingRequest(
            method: outgoing.method, target: target,
            headers: outgoing.headers(host: transport.host, origin: origin, cookie: cookie, proxy: settings.proxy),
            body: outgoing.body)
    }

    /// Loads `outgoing` and shows the page it reaches.
    func navigate(_ outgoing: Outgoing) async throws -> BrowserPage {
        var outgoing = outgoing
        outgoing.followsRedirects = settings.followsRedirects
        let page = try await load(outgoing)
        memory.withLock { $0.page = page }
        return page
    }

    /// Sends `outgoing` and the requests its redirects lead to; keeps every cookie set on the way.
    func load(_ outgoing: Outgoing) async throws -> BrowserPage {
        var outgoing = outgoing
        var target = try URLText.resolve(outgoing.url, against: url ?? "/", origin: origin)
        var redirects: [Redirect] = []
        while true {
            let response = try await transport.send(request(for: outgoing, to: target))
            memory.withLock { memory in
                for field in response.headers.values("Set-Cookie") { memory.jar.store(setCookie: field, requestPath: target) }
            }
            guard outgoing.followsRedirects, [301, 302, 303, 307, 308].contains(response.status),
                  let location = response.headers["Location"] else {
                return BrowserPage(url: target, status: response.status, headers: response.headers, body: response.body,
                                   redirects: redirects)
            }
            let next = try URLText.resolve(location, against: target, origin: origin)
            redirects.append(Redirect(status: response.status, from: target, location: next,
                                      setCookies: response.headers.values("Set-Cookie")))
            if redirects.count > settings.redirectLimit { throw BrowserError.tooManyRedirects(redirects) }
            outgoing.redirect(status: response.status)
            target = next
        }
    }
}
