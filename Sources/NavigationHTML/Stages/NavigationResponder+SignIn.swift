import MicroHTTP
import Navigation

/// Screens that need an account, and the answers that sign in and out.
extension NavigationResponder {
    /// True when `location` is on a tab only the signed-in may open and nobody is: the URL asks
    /// to sign in rather than naming a hidden tab (a tab shown only once signed in is hidden
    /// until then, and its deep links must still lead there).
    static func asksToSignIn(_ location: Location<Schema>, _ state: NavigationState<Schema>) -> Bool {
        location.tab.requiresSignIn && !state.isSignedIn
    }

    /// The answer to a signed-out request for a screen that needs an account: 303 to the app's
    /// sign-in, with that screen's URL (the app's own query arguments kept) in `return=`. The
    /// screen is not remembered; the visitor's other stacks are.
    func signInFirst(_ page: RenderedPage<Schema>, incoming: IncomingState<Schema>, request: Request) throws -> Response {
        let signIn = app.signIn(from: incoming.restored)
        guard !signIn.requiresSignIn else {
            throw SignInNeedsAccount(url: signIn.url)
        }
        let arguments = ScreenContext<Schema>.appArguments(of: request.query).filter { $0.name != "return" }
        let asked = Links<Schema>.url(page.state.url, adding: arguments)
        var response = Response.redirect(to: Links<Schema>.url(signIn.url, adding: [("return", asked)]))
        remember(signIn, nonce: incoming.nonce, notice: nil, in: &response, reading: nil, window: incoming.window, visible: nil,
                 cookieName: incoming.cookieName, request: request)
        response.screen = "signIn"
        return response
    }

    /// Carries out `.signIn` and `.signOut`: the app's cookie set, the state bound to whoever is
    /// signed in now, and a redirect (303) to the screen asked for or the one `actions` lead to.
    func changeSignIn(
        to owner: String?, cookie appCookie: SetCookie, then actions: [NavigationAction<Schema>],
        page: inout RenderedPage<Schema>, context: ScreenContext<Schema>
    ) -> Response {
        page.state.bind(to: owner)
        actions.forEach { page.state.apply($0) }
        let target = owner == nil ? nil : context.returnPath?.path
        var response = Response.redirect(to: target ?? page.state.url)
        response.cookies.append(appCookie)
        return response
    }
}

/// `NavigationApp.signIn(from:)` led to a screen that itself needs an account: every request
/// for such a screen would go round in circles, so it is a 500 naming the URL.
struct SignInNeedsAccount: Error, CustomStringConvertible {
    let url: String
    var description: String { "The app's sign-in (\(url)) needs an account itself: signIn(from:) must lead to a screen that requires none." }
}
