import Foundation
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
    }

    /// The library's own files (`LibraryAssets`) at once; every other request's work.
    public func reply(to request: Request) throws -> Reply {
        if let asset = LibraryAssets.response(to: request) { return .ready(asset) }
        return .pending { try await page(for: request) }
    }

    /// Answers a GET or HEAD with the page the URL names, all of it inside one
    /// `NavigationApp.reading(_:)` (`/` redirects to the restored screen), and a POST by handing
    /// its form to the app. Every answer is `no-store` and sets the cookie only when the state to
    /// remember changed. Throws 405 for any other method, 403 for a POST from another site or
    /// without a valid form token, 404 or the page's status for a POST where no form can be, and
    /// whatever the app throws, except a 4xx for a screen: the page shows that as a notice, with
    /// its status.
    public func respond(to request: Request) async throws -> Response {
        if let asset = LibraryAssets.response(to: request) { return asset }
        return try await page(for: request)
    }

    /// Every answer but the library's files.
    private func page(for request: Request) async throws -> Response {
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

    private func answer(_ request: Request) async throws -> Response {
        let match = Location<Schema>.match(path: request.path, query: request.query)
        // The stack the URL replaces is not read, unless its tab is hidden (then it is kept).
        let cookieName = request.isHTTPS ? cookie.secureName : cookie.name
        var reading = request.cookies[cookieName].flatMap { cookie.read($0, leavingUnread: match.replacedTab) }
        if let tab = match.replacedTab, reading?.stored.state.isVisible(tab) == false { reading?.readUnreadStack() }
        var stored = reading?.stored
        if request.method == .post {
            try checkSameSite(request, nonce: stored?.nonce ?? "")
        }
        let identity = try await app.identity(for: request)
        if Self.hasAccounts, stored?.state.owner != identity?.stateKey {
            // Another account's state, or one from before signing in or out: not restored, and
            // its nonce (so the form tokens made for it) goes with it.
            reading = nil
            stored = nil
        }
        let nonce = stored?.nonce.isEmpty == false ? stored!.nonce : StateCookie<Schema>.newNonce()
        var restored = stored?.state ?? NavigationState()
        if Self.hasAccounts { restored.bind(to: identity?.stateKey) }
        var page = resolve(match, path: request.path, restoring: restored)
        if page.state.requiresSignIn && !page.state.isSignedIn {
            return try signInFirst(page, restored: restored, request: request, nonce: nonce, cookieName: cookieName)
        }
        let routes = Self.routes(restored: restored, shown: page.state)
        let titles = ScreenTitles(try await app.titles(of: routes, identity: identity), of: routes)
        let dropped = dropMissingItems(from: &restored, titles: titles)
        if dropped != nil { page = resolve(match, path: request.path, restoring: restored) }
        page.notice = page.notice ?? stored?.notice ?? dropped
        var carried: String?
        var visible: EncodedStack<Schema.Route>?
        var response: Response
        if page.isRoot {
            guard request.method != .post else { throw HTTPError(.notFound, "There is no form here.") }
            page.state = app.launch(page.state)
            response = .redirect(to: page.state.url)
            carried = page.notice
        } else {
            let context = await validate(
                &page, titles: titles, request: request, formToken: cookie.formToken(for: nonce), identity: identity)
            visible = context.links.encodedStack
            if request.method == .post {
                response = try await submit(request, page: &page, context: context)
                carried = page.noticeForNextPage
            } else if wantsJSON(request) {
                response = try json(page)
            } else {
                page.movement = Self.movement(
                    reading: reading, referer: request.headers["Referer"], next: page.state.location,
                    visible: context.links.encodedStack)
                response = try await html(page, context: context)
            }
        }
        let nextNonce = page.state.owner == restored.owner ? nonce : StateCookie<Schema>.newNonce()
        remember(page.state, nonce: nextNonce, notice: carried, in: &response, reading: reading, visible: visible,
                 cookieName: cookieName, isHTTPS: request.isHTTPS)
        response.screen = page.isRoot ? "launch" : Self.screenKind(of: page)
        return response
    }

    /// Sets the cookie on `response` when the state to remember changed, and the headers every
    /// page's answer carries.
    func remember(
        _ state: NavigationState<Schema>, nonce: String, notice: String?, in response: inout Response,
        reading: CookieReading<Schema>?, visible: EncodedStack<Schema.Route>?, cookieName: String, isHTTPS: Bool
    ) {
        var remembered = state
        remembered.presentation = nil
        let next = StoredState(state: remembered, nonce: nonce, notice: notice)
        if reading?.holds(next, visible: visible) != true {
            let value = cookie.write(next, visible: visible)
            response.cookies.append(SetCookie(name: cookieName, value: value, maxAge: cookie.maxAge, secure: isHTTPS))
        }
        response.headers.replace("Cache-Control", "no-store")
        response.headers.replace("Vary", "Cookie, Accept")
        for (name, value) in securityHeaders { response.headers.replace(name, value) }
    }

    /// True for an app with accounts (whose schema names an `Identity`): its states are bound to
    /// who is signed in.
    static var hasAccounts: Bool { Schema.Identity.self != Never.self }

    /// Every screen `state` holds: each tab's stack and split-view selection, the presentation's.
    static func routes(in state: NavigationState<Schema>) -> Set<Schema.Route> {
        // Gathered first, so the set is sized once rather than rehashing everything as it grows;
        // through the stacks' arrays, as the collection protocols cost more from generic code.
        var routes = state.presentationPath.elements
        for tab in Schema.Tab.allCases {
            let tabState = state[tab]
            routes += tabState.path.elements
            routes += tabState.selection
        }
        return Set(routes)
    }

    /// Every screen a request holds: what the cookie restored and what the URL shows. Resolving
    /// a URL changes the selected tab's stack and the presentation only, so the other tabs are
    /// not gathered twice, nor the restored part of the stack shown (comparing is cheaper than
    /// hashing).
    static func routes(restored: NavigationState<Schema>, shown: NavigationState<Schema>) -> Set<Schema.Route> {
        var routes = routes(in: restored)
        let tabState = shown[shown.selectedTab]
        let restoredTab = restored[shown.selectedTab]
        let path = tabState.path.elements
        let kept = zip(restoredTab.path.elements, path).prefix { $0 == $1 }.count
        routes.formUnion(path[kept...])
        if tabState.selection != restoredTab.selection { routes.formUnion(tabState.selection) }
        routes.formUnion(shown.presentationPath.elements)
        return routes
    }

    /// Drops every remembered screen whose item no longer exists, that is, has no title (the
    /// seeds' `compactMap` on restore); returns a notice when anything was dropped.
    func dropMissingItems(from state: inout NavigationState<Schema>, titles: ScreenTitles<Schema.Route>) -> String? {
        guard !titles.isComplete else { return nil }
        var dropped = 0
        for tab in Schema.Tab.allCases {
            let tabState = state[tab]
            let path = tabState.path.elements.filter { titles[$0] != nil }
            let selection = tabState.selection.filter { titles[$0] != nil }
            guard path.count != tabState.path.count || selection.count != tabState.selection.count else { continue }
            dropped += tabState.path.count - path.count + tabState.selection.count - selection.count
            state[tab] = TabState(path: StackState(path), selection: selection, columns: tabState.columns)
        }
        guard dropped > 0 else { return nil }
        return dropped == 1
            ? "A screen you had open was closed: what it showed no longer exists."
            : "\(dropped) screens you had open were closed: what they showed no longer exists."
    }


    /// Applies the URL (`path`, as `match` read it) to the restored state.
    func resolve(_ match: URLMatch<Schema>, path: String, restoring stored: NavigationState<Schema>) -> RenderedPage<Schema> {
        var page = RenderedPage(state: stored)
        page.state.presentation = nil
        switch match {
        case .root:
            page.isRoot = true
        case .location(let location) where !page.state.isVisible(location.tab) && !Self.asksToSignIn(location, page.state),
             .partial(let location, _) where !page.state.isVisible(location.tab) && !Self.asksToSignIn(location, page.state):
            // A hidden tab keeps its stack untouched until it shows again.
            page.status = .notFound
            page.notice = "The \(location.tab.title) tab is hidden."
            page.showsScreen = false
        case .location(let location):
            page.state.apply(.open(location))
        case .partial(let location, let unmatched):
            page.state.apply(.open(location))
            page.status = .notFound
            page.notice = "There is nothing at “\(unmatched)”; showing the nearest screen instead."
        case .unknown:
            page.status = .notFound
            page.notice = "There is no page at “\(path)”."
            page.showsScreen = false
        }
        return page
    }

    /// Cuts the stack below the first screen whose item does not exist (has no title), so that
    /// what is rendered and remembered is always valid.
    func validate(
        _ page: inout RenderedPage<Schema>, titles: ScreenTitles<Schema.Route>, request: Request, formToken: String,
        identity: Schema.Identity?
    ) async -> ScreenContext<Schema> {
        page.titles = titles
        if !titles.isComplete {
            for (index, route) in page.state.path.elements.enumerated() where titles[route] == nil {
                do {
                    // Asked again only for the missing item, for the app's own message.
                    page.titles[route] = try await app.title(for: route, identity: identity)
                } catch {
                    page.state.path.removeLast(page.state.path.count - index)
                    page.status = (error as? HTTPError)?.status ?? .notFound
                    page.notice = (error as? HTTPError)?.message ?? "That screen does not exist."
                    break
                }
            }
        }
        return ScreenContext(state: page.state, query: request.query, formToken: formToken, request: request, identity: identity)
    }

    private func wantsJSON(_ request: Request) -> Bool {
        guard let accept = request.headers["Accept"] else { return false }
        return accept.contains("application/json") && !accept.contains("text/html")
    }

    private func json(_ page: RenderedPage<Schema>) throws -> Response {
        var response = Response(status: page.status, body: .bytes(try page.state.sortedJSON()))
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
