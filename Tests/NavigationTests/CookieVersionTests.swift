import Testing
@testable import Navigation

/// Sample cookies of every format version, signed outside this code base with
/// `sampleSecret`, kept so that a change of format can never strand a user's cookie.
@Suite("Cookie versions")
struct CookieVersionTests {
    static let sampleSecret = "sample-secret-for-versioned-cookies"
    let cookie = StateCookie<TestNavigation>(keys: ring(sampleSecret))

    /// Version 1: the selected tab and each tab's stack as path segments, no nonce.
    static let version1 = "1.eyJzIjp7ImhvbWUiOlsib3JkZXJzIiwib3JkZXIiLCJPUkQtMDAxIl0sInJlY2lwZXMiOlsiY2F0ZWdvcnkiLCJkZXNzZXJ0cyJdfSwidCI6InJlY2lwZXMifQ.k2rFW7DUsJoDKE1C1Ow-DkqXFG2MPCU5AinuKrkrgak"
    /// Version 2: adds the nonce, tab order and hidden tabs, and feature flags.
    static let version2 = "2.eyJmIjpbImJldGEiXSwiaCI6W10sIm4iOiJzYW1wbGUtbm9uY2UtMDEyMzQ1Njc4OSIsIm8iOlsiaG9tZSIsIm9yZGVycyIsInJlY2lwZXMiLCJwcm9maWxlIl0sInMiOnsiaG9tZSI6WyJzZXR0aW5ncyJdLCJvcmRlcnMiOlsib3JkZXIiLCJPUkQtMDAyIl19LCJ0IjoiaG9tZSJ9.jFnuG_FxjFDPngbWxN7QHe38m_qjBMNEwmMj_-a1VZ0"
    /// A version this code never wrote: a clean reset.
    static let version9 = "9.eyJzIjp7ImhvbWUiOlsic2V0dGluZ3MiXX0sInQiOiJob21lIn0.fzfDbH1rLyYgoJpGVR9ZhGHvR5NF2HFNQUH-PqH6B74"

    @Test func version1IsMigratedWithAnEmptyNonce() throws {
        let stored = try #require(cookie.read(Self.version1))
        #expect(stored.state.selectedTab == .recipes)
        #expect(stored.state[.home].path.elements == [.orderHistory, .orderDetail(orderId: "ORD-001")])
        #expect(stored.state[.recipes].path.elements == [.category("desserts")])
        #expect(stored.nonce.isEmpty, "the responder gives it a fresh nonce")
        #expect(stored.state.customization.isDefault && stored.state.features.isEmpty)
        let rewritten = cookie.write(StoredState(state: stored.state, nonce: "fresh"))
        #expect(rewritten.hasPrefix("2."))
        #expect(cookie.read(rewritten)?.state == stored.state)
    }

    @Test func version2ReadsEverything() throws {
        let stored = try #require(cookie.read(Self.version2))
        #expect(stored.nonce == "sample-nonce-0123456789")
        #expect(stored.state[.home].path.elements == [.settings])
        #expect(stored.state[.orders].path.elements == [.orderDetail(orderId: "ORD-002")])
        #expect(stored.state.features == ["beta"])
        #expect(stored.state.customization.arranged == [.home, .orders, .recipes, .profile])
    }

    @Test func anUnknownVersionIsACleanReset() {
        #expect(cookie.read(Self.version9) == nil)
        #expect(cookie.encode(State(selectedTab: .home)).hasPrefix("\(StateCookie<TestNavigation>.version)."))
    }
}
