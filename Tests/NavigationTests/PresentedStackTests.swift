import Foundation
import Testing
@testable import Navigation

/// A presentation's own navigation stack (a sheet holding a `NavigationStack`).
@Suite("Presented stack")
struct PresentedStackTests {
    let sheet = State(selectedTab: .home).applying(.push(.orderHistory)).applying(.present(.orderSheet(orderId: "ORD-001")))

    @Test func pushesAndPopsInsideThePresentation() {
        var state = sheet
        state.apply(.pushPresented(.orderDetail(orderId: "ORD-001")))
        state.apply(.pushPresented(.settings))
        #expect(state.presentationPath.elements == [.orderDetail(orderId: "ORD-001"), .settings])
        #expect(state.path.elements == [.orderHistory], "the background stack is untouched")
        state.apply(.popPresented)
        #expect(state.presentationPath.elements == [.orderDetail(orderId: "ORD-001")])
        #expect(state.presentation == .orderSheet(orderId: "ORD-001"))
    }

    @Test func aPresentedStackNeverOutlivesItsPresentation() {
        let pushed = sheet.applying(.pushPresented(.settings))
        #expect(pushed.applying(.dismiss).presentationPath.isEmpty)
        #expect(pushed.applying(.present(.photo)).presentationPath.isEmpty)
        #expect(pushed.applying(.push(.settings)).presentationPath.isEmpty)
        var replaced = pushed
        replaced.presentation = .search
        #expect(replaced.presentationPath.isEmpty)
        #expect(State(selectedTab: .home).applying(.pushPresented(.settings)).presentationPath.isEmpty,
                "nothing is pushed when nothing is presented")
    }

    @Test func roundTripsThroughTheURLAndJSON() throws {
        let state = sheet.applying(.pushPresented(.orderDetail(orderId: "a/b c"))).applying(.pushPresented(.settings))
        #expect(state.url.hasSuffix("&presented-path=order/a%252Fb%20c/settings"), "\(state.url)")
        #expect(matchURL(state.url) == .location(state.location))
        let opened = State(selectedTab: .orders).applying(.open(state.location))
        #expect(opened.presentationPath == state.presentationPath)
        let json = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(State.self, from: json) == state)
    }

    @Test func aBadPresentedPathIsPartial() {
        guard case .partial(let location, let unmatched) = Loc.match(
            path: "/home", query: ["present": "search", "presented-path": "settings/bogus"]) else {
            Issue.record("expected a partial match")
            return
        }
        #expect(location.presentation == .search)
        #expect(location.presentationPath.isEmpty)
        #expect(unmatched == "presented-path=settings/bogus")
    }
}

/// Form tokens bound to the cookie's nonce.
@Suite("Form tokens")
struct FormTokenTests {
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    @Test func aTokenIsBoundToItsNonceAndKeyRing() throws {
        let stored = try #require(cookie.read(cookie.encode(State(selectedTab: .home))))
        #expect(stored.nonce.count >= 22)
        let token = cookie.formToken(for: stored.nonce)
        #expect(cookie.isValidFormToken(token, for: stored.nonce))
        #expect(!cookie.isValidFormToken(token, for: stored.nonce + "x"))
        #expect(!cookie.isValidFormToken(cookie.formToken(for: "other"), for: stored.nonce))
        #expect(!cookie.isValidFormToken("", for: stored.nonce))
        #expect(!cookie.isValidFormToken("not base64 !", for: stored.nonce))
        let stranger = StateCookie<TestNavigation>(keys: ring("another secret, sixteen+ chars"))
        #expect(!stranger.isValidFormToken(token, for: stored.nonce))
    }

    /// Tokens are kept by nonce: a kept token is the one a fresh cookie of the same ring makes,
    /// each nonce keeps its own, and the table stays bounded.
    @Test func aKeptTokenIsTheOneTheRingMakes() {
        let twin = StateCookie<TestNavigation>(keys: ring(newSecret))
        let nonces = (0..<600).map { "nonce-\($0)" }
        let first = nonces.map { cookie.formToken(for: $0) }
        #expect(cookie.formTokens.count <= 512)
        #expect(Set(first).count == nonces.count)
        for (nonce, token) in zip(nonces, first).suffix(20) {
            #expect(cookie.formToken(for: nonce) == token)
            #expect(twin.formToken(for: nonce) == token)
            #expect(twin.isValidFormToken(token, for: nonce))
        }
        let stranger = StateCookie<TestNavigation>(keys: ring("another secret, sixteen+ chars"))
        #expect(stranger.formToken(for: nonces[599]) != first[599])
    }

    @Test func theNonceSurvivesRewritingTheCookie() throws {
        let stored = try #require(cookie.read(cookie.encode(State(selectedTab: .home))))
        var next = stored
        next.state.apply(.push(.settings))
        let reread = try #require(cookie.read(cookie.write(next)))
        #expect(reread.nonce == stored.nonce)
        #expect(reread.state.path.elements == [.settings])
        #expect(cookie.read(cookie.encode(State(selectedTab: .home)))?.nonce != stored.nonce)
    }
}
