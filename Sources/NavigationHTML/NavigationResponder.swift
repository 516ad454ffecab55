import MicroHTTP
import Navigation

/// Serves a `NavigationApp` over HTTP: reads the visible screen from the URL and the rest of the
/// state from the signed cookie, renders the page (or the state as JSON for
/// `Accept: application/json`), hands posted forms to the app, and sets a fresh cookie when the
/// state changed.
///
/// ```swift
/// let responder = try NavigationResponder(app: ShopApp(), cookie: StateCookie(keys: ring))
/// let server = Server(configuration: .init(port: 8080), responder: responder)
/// ```
///
/// The library's templates, stylesheet, script and icons come with it (`LibraryAssets`) and are
/// served from here, under `LibraryAssets.prefix`. An app adds templates of its own, or replaces
/// one of the library's, with `TemplateLibrary.navigation(directory:)`, and adds stylesheets of
/// its own after the library's with `stylesheets`.
///
/// A cookie that fails verification or decoding counts as absent: the URL is still served and a
/// valid cookie replaces it. Unknown paths and missing items answer 404 inside the app's chrome.
/// POSTs must come from this site (`Sec-Fetch-Site`, `Origin`) and carry the form token bound to
/// the cookie, or they are refused with 403 before the app sees them.
public struct NavigationResponder<App: NavigationApp>: HTTPResponder {
    /// The served app's schema.
    public typealias Schema = App.Schema
    let app: App
    let templates: TemplateLibrary
    let cookie: StateCookie<Schema>
    /// Where pages load the stylesheet and the script from (versioned URLs cache for long).
    let stylesheet: String
    let script: String
    /// The app's own stylesheets, linked after the library's.
    let appStylesheets: [PageModel.Stylesheet]
    /// What keeps pages that observe topics up to date, if the app has it.
    let updates: LiveUpdates?
    /// The metrics' screen labels made so far.
    let screenKinds = ScreenKinds<Schema>()
    /// The JSON of the routes and destinations the JSON answers held so far.
    let stateJSON = SortedJSONCache<Schema>()
    /// The URLs of the tab bars' links to other tabs, made once for each stack left behind.
    let tabLocations = TabLocations<Schema>()
    /// The cookie in which the library's script names its window before each request it makes
    /// (`StoredState.window`), over http and over https: the state cookie's name and `-window`.
    /// Made once, not for every request.
    private let windowCookieNames: (plain: String, secure: String)
    /// The work of every answer but the library's files, made in `init`, where the app's type is
    /// known. The server reaches a responder through `any HTTPResponder`, and for a generic type
    /// such a call runs the code compiled for every type, which looks up the app's types and
    /// methods at run time; in a build with cross-module optimization this closure is compiled
    /// for the app's own types instead, and the whole request with it (measured on the demo's
    /// pages: half the time in process).
    /// (The default is replaced at the end of `init`, before anyone can call it.)
    private var pageWork: @Sendable (Request) async throws -> Response = { _ in
        throw HTTPError(.internalServerError, "The responder is not initialized.")
    }

    /// Checks the schema's URL mapping first (`NavigationSchema.checkPaths()`): a route whose
    /// mapping is derived from `Codable` but cannot be expressed in a path throws its
    /// `PathMappingError` here, when the app starts, rather than when a request meets it.
    ///
    /// - Parameters:
    ///   - app: What each screen shows, and what its forms do.
    ///   - cookie: How the state that the URL does not show is signed and kept (`StateCookie`).
    ///   - templates: The library's templates (the default), or those of
    ///     `TemplateLibrary.navigation(directory:)`: the app's own beside them.
    ///   - stylesheets: URLs of the app's own stylesheets, linked after the library's, so their
    ///     rules win (serve the files with `FileResponder`).
    ///   - stylesheet: The stylesheet that replaces the library's; rarely needed.
    ///   - script: The script that replaces the library's; rarely needed.
    ///   - updates: What refreshes the pages whose screens observe topics
    ///     (`Screen.observing(_:)`) when the app's store publishes newer versions; nil (the
    ///     default): pages are snapshots.
    public init(
        app: App, templates: TemplateLibrary = .navigation, cookie: StateCookie<Schema>,
        stylesheets: [String] = [],
        stylesheet: String = LibraryAssets.url(of: "app.css"), script: String = LibraryAssets.url(of: "app.js"),
        updates: LiveUpdates? = nil
    ) throws {
        try Schema.checkPaths()
        self.app = app
        self.templates = templates
        self.cookie = cookie
        self.stylesheet = stylesheet
        self.script = script
        self.updates = updates
        appStylesheets = stylesheets.map(PageModel.Stylesheet.init)
        windowCookieNames = (cookie.name + "-window", cookie.secureName + "-window")
        pageWork = { [self] request in try await self.page(for: request) }
    }

    /// The window cookie's name on a request's scheme (see `windowCookieNames`).
    func windowCookieName(isHTTPS: Bool) -> String {
        isHTTPS ? windowCookieNames.secure : windowCookieNames.plain
    }

    /// The library's own files (`LibraryAssets`) at once; every other request's work.
    public func reply(to request: Request) throws -> Reply {
        if let asset = LibraryAssets.response(to: request) { return .ready(asset) }
        return .pending { [pageWork] in try await pageWork(request) }
    }

    /// Answers a GET or HEAD with the page the URL names, all of it inside one
    /// `NavigationApp.reading(_:)` (`/` redirects to the restored screen), and a POST by handing
    /// its form to the app. Every answer is `no-store` and sets the cookie only when the state to
    /// remember changed. Throws 405 for any other method, 403 for a POST from another site or
    /// without a valid form token, 404 or the page's status for a POST where no form can be, and
    /// whatever the app throws, except a 4xx for a screen: the page shows that as a notice, with
    /// its status.
    public func respond(to request: Request) async throws -> Response {
        try await reply(to: request).response()
    }

    // The responder's own async functions run on their caller's executor (`nonisolated(nonsending)`):
    // a plain nonisolated one hops to the generic executor on entry and after each `await`, and
    // every hop of a request's task, which prefers its worker's executor, takes the task's status
    // lock to read that preference (48 hops for the 8-deep split view, 4 % of its CPU; 32 now, the
    // rest around the app's own functions, which keep the language's defaults).

    /// Every answer but the library's files.
    private nonisolated(nonsending) func page(for request: Request) async throws -> Response {
        guard [.get, .head, .post].contains(request.method) else {
            throw HTTPError(.methodNotAllowed, "Only GET, HEAD and POST are served here.")
        }
        if let (_, problem) = Self.controlProblem(in: request.query, allowingLineBreaks: false, kind: "query argument") {
            throw HTTPError(.unprocessableContent, problem.message)
        }
        if request.path == Self.updatesPath { return try await updateStream(for: request) }
        // A post may write; any other request only reads, all of it inside one read of the app's.
        if request.method == .post { return try await answer(request) }
        return try await app.reading { try await answer(request) }
    }

    /// A page's answer, in stages: what the request brings, the state resolved, the form acted
    /// on or the page rendered, and the cookie set when the state to remember changed.
    private nonisolated(nonsending) func answer(_ request: Request) async throws -> Response {
        var unknownLink: HTTPError?
        switch try await appDeepLink(request) {
        case .success(let url)?: return redirect(toDeepLink: url)
        case .failure(let error)?: unknownLink = error
        case nil: break
        }
        var incoming = IncomingState(request, cookie: cookie, windowCookie: windowCookieName(isHTTPS: request.isHTTPS))
        if request.method == .post { try checkSameSite(request, nonce: incoming.nonce) }
        incoming.bind(to: try await app.identity(for: request))
        var page = try await resolve(incoming, request: request)
        if let unknownLink {
            // The app says what the link names is not there; the page says so, as for any path.
            (page.status, page.notice, page.showsScreen) = (unknownLink.status, unknownLink.message, false)
        }
        var incidents: [String] = []
        if let refusal = incoming.refusal {
            // The person's screens are gone: they are told, and so is whoever runs the server.
            request.logger.warning("The navigation state cookie was not restored", metadata: ["reason": "\(refusal.rawValue)"])
            incidents.append("navigation_state_refused_\(refusal.rawValue)")
            page.notice = page.notice ?? Self.refusedNotice
        } else if incoming.reading?.stored.leftOutScreens == true {
            request.logger.warning("Screens of the navigation state cookie no longer read as routes and were left out")
            incidents.append("navigation_state_unreadable_screens")
            page.notice = page.notice ?? Self.leftOutNotice
        } else if incoming.reading?.stored.leftOutDraft == true {
            request.logger.warning("The flow's draft in the navigation state cookie no longer decodes and was left out")
            incidents.append("navigation_state_unreadable_draft")
            page.notice = page.notice ?? Self.leftOutDraftNotice
        }
        if page.state.requiresSignIn && !page.state.isSignedIn {
            return try signInFirst(page, incoming: incoming, request: request)
        }
        var answer = try await act(on: &page, incoming: incoming, request: request)
        let nonce = page.state.owner == incoming.restored.owner ? incoming.nonce : StateCookie<Schema>.newNonce()
        remember(page.state, nonce: nonce, notice: answer.carried, in: &answer.response, reading: incoming.reading,
                 window: incoming.window, visible: answer.visible, cookieName: incoming.cookieName, request: request)
        answer.response.screen = page.isRoot ? "launch" : screenKind(of: page)
        answer.response.incidents += incidents
        return answer.response
    }

    /// The third stage: a redirect where the URL is not the screen to show (`/`, or a
    /// remembered stack that lost screens), the form handed to the app for a POST, else the
    /// page rendered (or its state as JSON).
    private nonisolated(nonsending) func act(
        on page: inout RenderedPage<Schema>, incoming: IncomingState<Schema>, request: Request
    ) async throws -> (response: Response, carried: String?, visible: EncodedStack<Schema.Route>?) {
        if page.isRoot || page.droppedScreens > 0 {
            guard request.method != .post else { throw HTTPError(.notFound, "There is no form here.") }
            if page.isRoot { page.state = app.launch(page.state) }
            return (.redirect(to: page.state.url), page.notice, nil)
        }
        let context = await validate(
            &page, request: request, formToken: cookie.formToken(for: incoming.nonce), identity: incoming.identity)
        let visible = context.links.encodedStack
        if request.method == .post {
            let response = try await submit(request, page: &page, context: context)
            return (response, page.noticeForNextPage, visible)
        }
        if wantsJSON(request) { return (try json(page), nil, visible) }
        page.movement = Self.movement(
            reading: incoming.reading, referer: request.headers["Referer"], next: page.state.location, visible: visible)
        if page.movement != .none { await app.navigationChanged(page.movement, context: context) }
        return (try await html(page, context: context), nil, visible)
    }

    /// Sets the cookie on `response` when the state to remember changed, and the headers every
    /// page's answer carries. The other windows' parts of the cookie read are kept, and `window`
    /// names the one in use when no cookie was read.
    func remember(
        _ state: NavigationState<Schema>, nonce: String, notice: String?, in response: inout Response,
        reading: CookieReading<Schema>?, window: String?, visible: EncodedStack<Schema.Route>?, cookieName: String,
        request: Request
    ) {
        var remembered = state
        remembered.presentation = nil
        var next = StoredState(state: remembered, nonce: nonce, notice: notice)
        if let read = reading?.stored { next.keepWindows(of: read) } else { next.window = window }
        // A cookie with screens or a draft that no longer read is written again without them, once.
        if reading?.holds(next, visible: visible) != true || reading?.stored.leftOutScreens == true
            || reading?.stored.leftOutDraft == true {
            var (value, isTrimmed) = cookie.writing(next, visible: visible)
            if isTrimmed {
                // Screens far back were left out to fit the cookie: the next page says so.
                request.logger.warning("The navigation state was trimmed to fit its cookie")
                response.incidents.append("navigation_state_trimmed")
                next.notice = next.notice ?? Self.trimmedNotice
                value = cookie.write(next, visible: visible)
            }
            response.cookies.append(SetCookie(name: cookieName, value: value, maxAge: cookie.maxAge, secure: request.isHTTPS))
        }
        response.headers.replace("Vary", "Cookie, Accept")
        addPageHeaders(to: &response)
    }

    /// What every answer of the responder's own carries: no caching, and the security headers.
    func addPageHeaders(to response: inout Response) {
        response.headers.replace("Cache-Control", "no-store")
        for (name, value) in securityHeaders { response.headers.replace(name, value) }
    }

    /// What a page says when the browser's state cookie was refused.
    static var refusedNotice: String { "Your last screens could not be restored, so the app starts afresh." }
    /// What a page says when screens of the cookie's state no longer exist in the app.
    static var leftOutNotice: String { "Some screens you had open no longer exist, so they were closed." }
    static var leftOutDraftNotice: String { "What you had entered so far could not be kept; please enter it again." }
    /// What the next page says when the state was too large for its cookie.
    static var trimmedNotice: String { "Screens far back in your history were too many to keep; the newest are kept." }

    private func wantsJSON(_ request: Request) -> Bool {
        guard let accept = request.headers["Accept"] else { return false }
        return accept.containsBytes("application/json") && !accept.containsBytes("text/html")
    }

    private func json(_ page: RenderedPage<Schema>) throws -> Response {
        var response = Response(status: page.status, body: .bytes(try page.state.sortedJSON(cache: stateJSON)))
        response.headers.replace("Content-Type", "application/json")
        return response
    }
}

/// Scripts and styles come from this site's files only (pages carry no inline script), and
/// pages may not be framed by another site. Built once: a generic type cannot store it.
private let securityHeaders: [(String, String)] = [
    ("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
]
