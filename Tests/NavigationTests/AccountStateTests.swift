import Foundation
import Testing
@testable import Navigation

/// A schema with accounts: the Library tab needs one, Account is hidden until signed in, a
/// document needs one, and so does the Share sheet; About and the Sign In sheet do not.
enum AccountNavigation: NavigationSchema {
    enum Route: Navigation.Route {
        case document(id: Int)
        case about
        var requiresSignIn: Bool { self != .about }
    }
    enum Tab: String, Navigation.Tab {
        case welcome, library, account
        var title: String { rawValue.capitalized }
        var requiresSignIn: Bool { self != .welcome }
    }
    enum Destination: Navigation.Destination {
        case signIn, share(id: Int)
        var style: PresentationStyle { .sheet }
        var requiresSignIn: Bool { self != .signIn }
    }
    struct Identity: Navigation.Identity {
        let id: Int
        let generation: Int
        var stateKey: String { "\(id).\(generation)" }
    }
    /// A draft may be any `Codable` value; a string here.
    typealias Draft = String
    static let defaultTab = Tab.welcome

    static func isHidden(_ tab: Tab, in state: NavigationState<Self>) -> Bool {
        tab == .account && !state.isSignedIn
    }
}

@Suite("Accounts: the state and who it belongs to")
struct AccountStateTests {
    typealias Accounts = NavigationState<AccountNavigation>

    @Test func bindingToAnotherOwnerStartsTheStateAnew() {
        var state = Accounts()
        state.bind(to: "7.1")
        state.apply(.selectTab(.library))
        state.apply(.push(.document(id: 3)))
        state.apply(.recordFlow("private words"))
        state.apply(.setSceneStorage("playing", "track-1"))
        state.apply(.setFeature("beta", true))
        let kept = state
        state.bind(to: "7.1")
        #expect(state == kept, "the same owner keeps everything")

        state.bind(to: "8.1")
        #expect(state.owner == "8.1")
        #expect(state.selectedTab == .welcome && state[.library].path.isEmpty)
        #expect(state.flow == nil && state.sceneStorage.isEmpty && state.features.isEmpty)

        state = kept
        state.bind(to: "7.2")
        #expect(state[.library].path.isEmpty, "a later sign-in of the same account is another owner")
        state = kept
        state.bind(to: nil)
        #expect(state == Accounts(), "signing out clears the state")
    }

    @Test func theScreenShownSaysWhetherItNeedsAnAccount() {
        var state = Accounts()
        #expect(!state.requiresSignIn)
        state.apply(.present(.signIn))
        #expect(!state.requiresSignIn, "the sign-in sheet itself needs none")
        state.apply(.present(.share(id: 1)))
        #expect(state.requiresSignIn)
        state = Accounts()
        state.apply(.push(.about))
        #expect(!state.requiresSignIn)
        state.apply(.push(.document(id: 2)))
        #expect(state.requiresSignIn, "a screen on the welcome tab's stack")
        state = Accounts()
        state.apply(.selectTab(.library))
        #expect(state.requiresSignIn, "the tab's root")
        state = Accounts()
        state.apply(.present(.signIn))
        state.apply(.pushPresented(.document(id: 4)))
        #expect(state.requiresSignIn, "a screen on the sheet's stack")
    }

    @Test func aTabHiddenUntilSignInComesBackWithItsStack() {
        var state = Accounts()
        #expect(state.visibleTabs == [.welcome, .library])
        state.bind(to: "7.1")
        #expect(state.visibleTabs == [.welcome, .library, .account])
        #expect(state.isVisible(.account))
    }

    @Test func theOwnerTravelsInTheCookieAndTheJSONState() throws {
        let cookie = StateCookie<AccountNavigation>(keys: ring(newSecret))
        var state = Accounts()
        #expect(try #require(cookie.decode(cookie.encode(state))).owner == nil)
        let signedOut = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
        #expect(!signedOut.contains("owner"), "the JSON state of a visitor is as it was before accounts")
        state.bind(to: "7.1")
        state.apply(.selectTab(.library))
        state.apply(.push(.document(id: 3)))
        let read = try #require(cookie.decode(cookie.encode(state)))
        #expect(read == state && read.owner == "7.1")
        let stored = StoredState(state: state, nonce: "n")
        #expect(stored.cookieJSON == StateCookie<AccountNavigation>.payload(of: stored).json, "both codecs write the same bytes")
        #expect(StoredState<AccountNavigation>(cookieJSON: stored.cookieJSON)?.state.owner == "7.1")
        let json = try JSONEncoder().encode(state)
        #expect(String(decoding: json, as: UTF8.self).contains(#""owner":"7.1""#))
        #expect(try JSONDecoder().decode(Accounts.self, from: json).owner == "7.1")
    }

    @Test(arguments: [
        "/", "/notes", "/notes/folder/Work?q=plan&present=compose%2FWork", "/notes/folder/Caf%C3%A9",
        "/a//b", "/a/./b", "/notes?return=//x",
    ])
    func aLocalPathIsAReturnPath(_ value: String) throws {
        #expect(try #require(ReturnPath(value)).path == value)
    }

    @Test(arguments: [
        "", "notes", "https://evil.example/", "http:/evil.example", "javascript:alert(1)", "//evil.example",
        "/\\evil.example", "\\\\evil.example", "/%2F/evil.example", "%2F%2Fevil.example", "/%2f%2fevil.example",
        "/%5Cevil.example", "/%5cevil.example", "/%252F%252Fevil.example", "/%09/evil.example", "/\t/evil.example",
        "/\n/evil.example", "/ /evil.example", "/notes\r\nSet-Cookie: x=1", "/%0D%0ALocation:%20//evil.example",
        "/\u{7F}", "/a\\b", "/" + String(repeating: "a", count: ReturnPath.maxLength),
    ])
    func anythingElseIsRefused(_ value: String) {
        #expect(ReturnPath(value) == nil)
    }

    @Test func otherCharactersArePercentEncodedForTheHeader() throws {
        #expect(try #require(ReturnPath("/notes/folder/Café")).path == "/notes/folder/Caf%C3%A9")
    }

    @Test func aSealedTokenOpensOnlyForItsPurposeAndKeys() throws {
        let keys = ring(newSecret)
        let token = keys.seal("7\n2\n1795000000", purpose: "sign-in")
        #expect(keys.open(token, purpose: "sign-in") == "7\n2\n1795000000")
        #expect(keys.open(token, purpose: "other") == nil)
        #expect(ring("another-secret-0123456789").open(token, purpose: "sign-in") == nil)
        #expect(ring("another-secret-0123456789", newSecret).open(token, purpose: "sign-in") != nil, "an older key still verifies")
        let parts = token.split(separator: ".")
        let forged = Base64URL.encode(Array("8\n2\n1795000000".utf8)) + "." + parts[1]
        #expect(keys.open(forged, purpose: "sign-in") == nil)
        for broken in ["", ".", token + ".", String(token.dropLast(2)), "a.b", parts[0] + "."] {
            #expect(keys.open(broken, purpose: "sign-in") == nil, "\(broken)")
        }
        let cookie = StateCookie<TestNavigation>(keys: keys)
        #expect(keys.open(cookie.encode(State()), purpose: "sign-in") == nil, "a state cookie is no token")
    }
}
