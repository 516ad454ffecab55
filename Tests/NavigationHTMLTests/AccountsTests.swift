import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// The library's part of accounts, on a small app of its own: the identity each request gets,
/// screens that send a signed-out visitor to sign in and back, the state bound to its owner,
/// and the sign-in cookie.
@Suite struct AccountsTests {
    enum Vault: NavigationSchema {
        enum Route: Navigation.Route {
            case item(id: Int)
            var requiresSignIn: Bool { true }
        }
        enum Tab: String, Navigation.Tab {
            case home, vault
            var title: String { rawValue.capitalized }
            var requiresSignIn: Bool { self == .vault }
        }
        enum Destination: Navigation.Destination {
            case signIn
            var style: PresentationStyle { .sheet }
        }
        struct Identity: Navigation.Identity {
            let name: String
            let generation: Int
            var stateKey: String { "\(name).\(generation)" }
        }
        static let defaultTab = Tab.home
        static func isHidden(_ tab: Tab, in state: NavigationState<Vault>) -> Bool { tab == .vault && !state.isSignedIn }
    }

    /// Signs in whoever posts a name, in the generation `generations` holds for it.
    struct VaultApp: NavigationApp {
        typealias Schema = Vault
        let name = "Vault"
        let sessions: SignInCookie
        var signInLeadsTo: NavigationState<Vault> = NavigationState(selectedTab: .home, presentation: .signIn)

        func identity(for request: Request) -> Vault.Identity? {
            sessions.session(in: request).map { Vault.Identity(name: $0.account, generation: $0.generation) }
        }
        func signIn(from state: NavigationState<Vault>) -> NavigationState<Vault> { signInLeadsTo }
        func title(for route: Vault.Route) throws -> String { throw HTTPError(.notFound, "Nobody's items.") }
        func title(for route: Vault.Route, identity: Vault.Identity?) throws -> String {
            guard case .item(let id) = route, let identity, id < 10 else { throw HTTPError(.notFound, "There is no item.") }
            return "\(identity.name)'s item \(id)"
        }
        func root(of tab: Vault.Tab, context: ScreenContext<Vault>) -> Screen {
            .list(tab.title, sections: [ListSection(rows: [ListRow("Who", value: context.identity?.name ?? "nobody")])])
        }
        func screen(for route: Vault.Route, context: ScreenContext<Vault>) throws -> Screen {
            .list(try title(for: route, identity: context.identity), sections: [])
        }
        func screen(for destination: Vault.Destination, context: ScreenContext<Vault>) -> Screen {
            .form("Sign In", action: "signIn", fields: [
                FormField("Name", name: "name", value: "", textContentType: .username),
                FormField("Password", name: "password", value: "", textContentType: .password, isSecure: true),
            ], cancelHref: context.href(.dismiss), context: context)
        }
        func submit(_ form: Submission, context: ScreenContext<Vault>) -> SubmissionOutcome<Vault> {
            if form.action == "signOut" {
                return .signOut(cookie: sessions.removal(for: context.request), then: [])
            }
            guard form["password"] == "open sesame" else { return .invalid("No.") }
            let identity = Vault.Identity(name: form["name"], generation: 1)
            return .signIn(identity, cookie: sessions.setCookie(account: identity.name, generation: 1, for: context.request),
                           then: [.dismiss, .selectTab(.vault)])
        }
    }

    let keys = KeyRing(secrets: ["a secret of at least sixteen characters"])!
    var sessions: SignInCookie { SignInCookie(keys: keys) }
    var cookie: StateCookie<Vault> { StateCookie(keys: keys) }

    func responder(_ app: VaultApp? = nil) throws -> NavigationResponder<VaultApp> {
        try NavigationResponder(app: app ?? VaultApp(sessions: sessions), cookie: cookie)
    }

    /// The state cookie an answer set, read back.
    func state(in response: Response) -> NavigationState<Vault>? {
        response.cookies.first { $0.name == "nav" }.flatMap { cookie.read($0.value)?.state }
    }

    func signedIn(_ name: String, generation: Int = 1, nav: String? = nil) -> [String: String] {
        var cookies = ["session": sessions.setCookie(account: name, generation: generation, for: Request(method: .get, path: "/")).value]
        cookies["nav"] = nav
        return cookies
    }

    @Test func aSignedOutRequestForAScreenThatNeedsAnAccountIsSentToSignInWithItsURL() async throws {
        let responder = try responder()
        for (path, query, asked) in [
            ("/vault", [:], "%2Fvault"), ("/vault/item/3", ["q": "a b"], "%2Fvault%2Fitem%2F3%3Fq%3Da%2520b"),
            ("/home/item/3", [:], "%2Fhome%2Fitem%2F3"),
        ] as [(String, [String: String], String)] {
            let response = try await responder.respond(to: Request(method: .get, path: path, query: query))
            #expect(response.status == .seeOther, "\(path)")
            #expect(response.headers["Location"] == "/home?present=signIn&return=\(asked)", "\(path)")
            #expect(state(in: response)?[.vault].path.isEmpty != false, "the screen asked for is not remembered")
        }
        let post = await #expect(throws: HTTPError.self, "a post without its token is refused before anything else") {
            try await responder.respond(to: Request(method: .post, path: "/vault/item/3", headers: HTTPHeaders([("Sec-Fetch-Site", "same-origin")])))
        }
        #expect(post?.status == .forbidden)
    }

    @Test func signedInTheScreensOpenWithTheIdentityAndTheHiddenTabShows() async throws {
        let response = try await responder().respond(to: Request(method: .get, path: "/vault/item/3", cookies: signedIn("ada")))
        let page = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(response.status == .ok)
        #expect(page.contains("ada&#39;s item 3") || page.contains("ada's item 3"))
        #expect(state(in: response)?.owner == "ada.1")
        let home = try await responder().respond(to: Request(method: .get, path: "/home", cookies: signedIn("ada")))
        #expect(String(decoding: home.bodyBytes, as: UTF8.self).contains(#"href="/vault""#), "the Vault tab shows once signed in")
        let signedOut = try await responder().respond(to: Request(method: .get, path: "/home"))
        #expect(!String(decoding: signedOut.bodyBytes, as: UTF8.self).contains(#"href="/vault""#))
    }

    @Test func anotherOwnersStateIsNotRestoredAndSigningOutClearsIt() async throws {
        let responder = try responder()
        let ada = try await responder.respond(to: Request(method: .get, path: "/vault/item/4", cookies: signedIn("ada")))
        let adasState = try #require(ada.cookies.first { $0.name == "nav" }).value
        #expect(cookie.read(adasState)?.state[.vault].path.elements == [.item(id: 4)])

        for cookies in [signedIn("grace", nav: adasState), signedIn("ada", generation: 2, nav: adasState), ["nav": adasState]] {
            let home = try await responder.respond(to: Request(method: .get, path: "/home", cookies: cookies))
            let restored = try #require(state(in: home))
            #expect(restored[.vault].path.isEmpty, "\(cookies.keys.sorted())")
            #expect(restored.owner == cookies["session"].flatMap { _ in sessions.session(in: Request(method: .get, path: "/", cookies: cookies)) }
                .map { "\($0.account).\($0.generation)" })
        }
        let same = try await responder.respond(to: Request(method: .get, path: "/home", cookies: signedIn("ada", nav: adasState)))
        #expect(state(in: same)?[.vault].path.elements ?? [.item(id: 4)] == [.item(id: 4)], "the owner's own state is kept")
    }

    @Test func aSignInGoesBackToTheReturnPathOnlyWhenItIsLocal() async throws {
        let responder = try responder()
        for (returnTo, expected) in [
            ("/vault/item/3", "/vault/item/3"), ("//evil.example", "/vault"), ("https://evil.example", "/vault"),
            ("/\\evil.example", "/vault"), ("/%2F%2Fevil.example", "/vault"), (nil, "/vault"),
        ] as [(String?, String)] {
            let visitor = try await responder.respond(to: Request(method: .get, path: "/home", query: ["present": "signIn"]))
            let nav = try #require(visitor.cookies.first { $0.name == "nav" }).value
            let nonce = try #require(cookie.read(nav)).nonce
            var query = ["present": "signIn"]
            query["return"] = returnTo
            let answer = try await responder.respond(to: Request(
                method: .post, path: "/home", query: query, headers: HTTPHeaders([("Sec-Fetch-Site", "same-origin")]),
                cookies: ["nav": nav],
                form: ["_token": cookie.formToken(for: nonce), "_action": "signIn", "name": "ada", "password": "open sesame"]))
            #expect(answer.status == .seeOther)
            #expect(answer.headers["Location"] == expected, "\(returnTo ?? "none")")
            #expect(answer.cookies.contains { $0.name == "session" && $0.maxAge == 14 * 24 * 60 * 60 && $0.httpOnly && $0.sameSite == .lax })
            let next = try #require(state(in: answer))
            #expect(next.owner == "ada.1" && next.presentation == nil)
            #expect(cookie.read(try #require(answer.cookies.first { $0.name == "nav" }).value)?.nonce != nonce,
                    "a new nonce, so the form tokens of before the sign-in are void")
        }
    }

    @Test func signingOutRemovesTheCookieAndClearsTheStateAtOnce() async throws {
        let responder = try responder()
        let ada = try await responder.respond(to: Request(method: .get, path: "/vault/item/4", cookies: signedIn("ada")))
        let nav = try #require(ada.cookies.first { $0.name == "nav" }).value
        let nonce = try #require(cookie.read(nav)).nonce
        let answer = try await responder.respond(to: Request(
            method: .post, path: "/vault", headers: HTTPHeaders([("Sec-Fetch-Site", "same-origin")]),
            cookies: signedIn("ada", nav: nav), form: ["_token": cookie.formToken(for: nonce), "_action": "signOut"]))
        #expect(answer.status == .seeOther && answer.headers["Location"] == "/home")
        #expect(answer.cookies.contains { $0.name == "session" && $0.maxAge == 0 })
        let cleared = try #require(state(in: answer))
        #expect(cleared.owner == nil && cleared[.vault].path.isEmpty)
    }

    @Test func overHTTPSTheSignInCookieIsSecureAndHostPrefixed() {
        let request = Request(method: .get, path: "/", forwardedScheme: "https")
        let set = sessions.setCookie(account: "ada", generation: 3, for: request)
        #expect(set.name == "__Host-session" && set.secure)
        #expect(set.headerValue.hasSuffix("; Path=/; Max-Age=1209600; HttpOnly; Secure; SameSite=Lax"))
        let back = Request(method: .get, path: "/", cookies: ["__Host-session": set.value], forwardedScheme: "https")
        #expect(sessions.session(in: back).map { [$0.account, String($0.generation)] } == ["ada", "3"])
        #expect(sessions.session(in: Request(method: .get, path: "/", cookies: ["session": set.value], forwardedScheme: "https")) == nil,
                "over https only the __Host- cookie counts")
        let later = Date().addingTimeInterval(15 * 24 * 60 * 60)
        #expect(sessions.session(in: back, now: later) == nil, "the end written inside counts, whatever the browser keeps")
        #expect(SignInCookie(keys: KeyRing(secrets: ["another secret of sixteen characters"])!).session(in: back) == nil)
    }

    @Test func aSignInThatItselfNeedsAnAccountIsAnErrorNotALoop() async throws {
        let app = VaultApp(sessions: sessions, signInLeadsTo: NavigationState(selectedTab: .vault))
        await #expect(throws: (any Error).self) {
            _ = try await responder(app).respond(to: Request(method: .get, path: "/vault"))
        }
    }

    @Test func aSecureFieldIsNeverDrawnBack() async throws {
        let responder = try responder()
        let visitor = try await responder.respond(to: Request(method: .get, path: "/home", query: ["present": "signIn"]))
        let nav = try #require(visitor.cookies.first { $0.name == "nav" }).value
        let nonce = try #require(cookie.read(nav)).nonce
        let refused = try await responder.respond(to: Request(
            method: .post, path: "/home", query: ["present": "signIn"], headers: HTTPHeaders([("Sec-Fetch-Site", "same-origin")]),
            cookies: ["nav": nav],
            form: ["_token": cookie.formToken(for: nonce), "_action": "signIn", "name": "ada", "password": "guess-7781"]))
        let page = String(decoding: refused.bodyBytes, as: UTF8.self)
        #expect(refused.status == .unprocessableContent)
        #expect(page.contains(#"type="password" name="password" value="""#) && !page.contains("guess-7781"))
        #expect(page.contains(#"name="name" value="ada""#) && page.contains(#"autocomplete="username""#))
    }
}
