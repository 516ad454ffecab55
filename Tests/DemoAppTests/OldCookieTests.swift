import Foundation
import Testing

/// Cookies written by older versions of the app: migrated, or cleanly reset, never an error page.
@Suite struct OldCookieTests {
    /// The same samples as the Navigation tests keep, signed with this secret.
    static let secret = "sample-secret-for-versioned-cookies"
    static let version1 = "1.eyJzIjp7ImhvbWUiOlsib3JkZXJzIiwib3JkZXIiLCJPUkQtMDAxIl0sInJlY2lwZXMiOlsiY2F0ZWdvcnkiLCJkZXNzZXJ0cyJdfSwidCI6InJlY2lwZXMifQ.k2rFW7DUsJoDKE1C1Ow-DkqXFG2MPCU5AinuKrkrgak"
    static let version9 = "9.eyJzIjp7ImhvbWUiOlsic2V0dGluZ3MiXX0sInQiOiJob21lIn0.fzfDbH1rLyYgoJpGVR9ZhGHvR5NF2HFNQUH-PqH6B74"

    @Test func aVersion1CookieKeepsItsStacksAndIsRewritten() async throws {
        try await withDemoServer(secret: Self.secret) { port, _ in
            let user = UserAgent(port: port)
            user.cookie = "nav=" + Self.version1
            let page = try user.get("/profile")
            #expect(page.status == 200)
            #expect(page.tabHref("home") == "/home/orders/order/ORD-001")
            #expect(page.tabHref("recipes") == "/recipes/category/desserts")
            #expect(user.cookie?.hasPrefix("nav=2.") == true)
            let form = try user.get("/profile?present=edit-profile")
            #expect(form.formToken?.isEmpty == false, "the migrated cookie got a nonce for form tokens")
        }
    }

    @Test func anUnknownVersionIsACleanReset() async throws {
        try await withDemoServer(secret: Self.secret) { port, _ in
            let user = UserAgent(port: port)
            user.cookie = "nav=" + Self.version9
            let page = try user.get("/orders/order/ORD-002")
            #expect(page.status == 200)
            #expect(page.tabHref("home") == "/home")
            #expect(user.cookie?.hasPrefix("nav=2.") == true)
        }
    }
}
