/// What the state cookie holds: the navigation state, a random nonce that stays the same for as
/// long as the browser keeps the cookie (form tokens are bound to it), and a one-time notice.
public struct StoredState<Schema: NavigationSchema>: Hashable, Sendable {
    /// The navigation state. The cookie does not keep its presentation, which lives in the URL.
    public var state: NavigationState<Schema>
    /// The value form tokens are bound to (``StateCookie/newNonce()``); empty when the cookie had
    /// none (version 1), which the responder replaces with a fresh one.
    public var nonce: String
    /// A message for the next page shown, carried across a redirect and then cleared.
    public var notice: String?
    /// True when, read from a cookie, some of its screens no longer read as routes (the app
    /// renamed or removed one since the cookie was written) and were left out with those above
    /// them; the rest of each stack stands. It says how the value was read, not what it holds,
    /// so equality leaves it out.
    public internal(set) var leftOutScreens = false
    /// True when, read from a cookie, the flow's draft no longer decodes as the app's
    /// ``NavigationSchema/Draft`` (the app changed the type since the cookie was written) and was
    /// left out: the flow starts again from what the person enters next. Equality leaves it out.
    public internal(set) var leftOutDraft = false
    /// The browser window (tab) whose state this is: the id the library's script gives each
    /// window, nil for a request that names none (a browser without the script, curl, a window's
    /// first page). See ``switchWindow(to:adoptingUnnamed:)``.
    public var window: String?
    /// The other windows' own parts of the state, the most recently used first: what a window
    /// keeps apart from the others (`NavigationState.windowPart`).
    var otherWindows: [OtherWindow<Schema>] = []

    /// What a cookie is to hold; nothing is noted by default. The cookie keeps at most the first
    /// 200 characters of `notice`.
    public init(state: NavigationState<Schema>, nonce: String, notice: String? = nil) {
        self.state = state
        self.nonce = nonce
        self.notice = notice
    }
}

extension StoredState {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.state == rhs.state && lhs.nonce == rhs.nonce && lhs.notice == rhs.notice && lhs.window == rhs.window
            && lhs.otherWindows == rhs.otherWindows
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(state)
        hasher.combine(nonce)
        hasher.combine(notice)
        hasher.combine(window)
        hasher.combine(otherWindows)
    }
}
