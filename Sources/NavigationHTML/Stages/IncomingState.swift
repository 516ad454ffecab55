import MicroHTTP
import Navigation

/// The first stage of answering a page: what the request brings, read once. The URL's match,
/// the state cookie (the stack the URL replaces left unread), who is signed in, and the state
/// restored from them; the later stages read it and copy nothing of it.
struct IncomingState<Schema: NavigationSchema> {
    /// The state cookie's name on this request's scheme.
    let cookieName: String
    /// The browser window the request comes from, as the library's script names it (nil for none):
    /// its own part of the state is the one restored (`StoredState.switchWindow(to:adoptingUnnamed:)`).
    let window: String?
    /// What the URL names.
    let match: URLMatch<Schema>
    /// The cookie as read; nil when there is none, it does not verify, or it is another
    /// account's.
    private(set) var reading: CookieReading<Schema>?
    /// Whoever the app says is signed in.
    private(set) var identity: Schema.Identity?
    /// The form nonce to keep: the cookie's, or a new one.
    private(set) var nonce: String
    /// The state to show the URL over: the cookie's, bound to `identity` in an app with accounts.
    private(set) var restored: NavigationState<Schema>
    /// Why the request's state cookie was not restored, when it carried one that was refused
    /// (tampered with, signed with a secret no longer in the ring, an old format); nil otherwise.
    let refusal: StateCookie<Schema>.Refusal?

    /// Reads the URL, the state cookie and the window cookie (`windowCookie` names it); `bind(to:)`
    /// completes it with who is signed in.
    init(_ request: Request, cookie: StateCookie<Schema>, windowCookie: String) {
        let name = request.isHTTPS ? cookie.secureName : cookie.name
        let match = Location<Schema>.match(path: request.path, query: request.query)
        let value = request.cookies[name]
        var reading = value.flatMap { cookie.read($0, leavingUnread: match.replacedTab) }
        // Asked again only for a refused cookie, to say why.
        refusal = reading == nil ? value.flatMap(cookie.refusal(of:)) : nil
        // `<id>`, or `<id>.adopt` from a page whose own request named no window (see switchWindow).
        let named = request.cookies[windowCookie].map { $0.split(separator: ".", maxSplits: 1) }
        window = named.flatMap { $0.first }.flatMap { StoredState<Schema>.isWindowID($0) ? String($0) : nil }
        reading?.switchWindow(to: window, adoptingUnnamed: named?.last == "adopt")
        // The stack the URL replaces is kept, and so read, when its tab is hidden.
        if let tab = match.replacedTab, reading?.stored.state.isVisible(tab) == false { reading?.readUnreadStack() }
        cookieName = name
        self.match = match
        self.reading = reading
        nonce = reading?.stored.nonce ?? ""
        restored = reading?.stored.state ?? NavigationState()
    }

    /// Completes the state with who is signed in: in an app with accounts, another account's
    /// state, or one from before signing in or out, is not restored, and its nonce (so the form
    /// tokens made for it) goes with it.
    mutating func bind(to identity: Schema.Identity?) {
        self.identity = identity
        let hasAccounts = Schema.Identity.self != Never.self
        if hasAccounts, reading?.stored.state.owner != identity?.stateKey {
            reading = nil
            restored = NavigationState()
        }
        if reading == nil || nonce.isEmpty { nonce = StateCookie<Schema>.newNonce() }
        if hasAccounts { restored.bind(to: identity?.stateKey) }
    }

    /// The window whose state is served and remembered: the cookie's once switched to the one the
    /// request named, or the one named when no cookie is restored.
    var servedWindow: String? { reading.map { $0.stored.window } ?? window }

    /// The notice the cookie carried from the page before.
    var carriedNotice: String? { reading?.stored.notice }

    /// The screens the cookie remembered on `tab`'s stack, read now if they were left unread.
    func rememberedStack(of tab: Schema.Tab) -> [Schema.Route] {
        if let unread = reading?.unreadStack, unread.tab == tab { return unread.routes }
        return (reading?.stored.state ?? restored)[tab].path.elements
    }
}
