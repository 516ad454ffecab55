import DemoApp
import Foundation
import HTTPTestSupport
import Navigation
import Testing

/// Short versions of the hardening runs: hostile cookies and script payloads over HTTP against
/// the real server. Each prints its figures.
@Suite struct HostileInputTests {
    static let secret = "hostile-input-secret-0123456789"

    /// Cookies made from a valid one: flipped characters, truncations, junk, other keys, other
    /// versions, an oversized value and duplicates.
    static func hostileCookies(from valid: String, count: Int) -> [String] {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/%")
        let foreign = StateCookie<DemoNavigation>(keys: KeyRing(secrets: ["another secret entirely, 32+ chars"])!)
        var cookies: [String] = [
            "nav=", "nav=.", "nav=..", "nav=2..", "nav=" + String(repeating: "A", count: 4091),
            "nav=" + foreign.encode(NavigationState(selectedTab: .recipes)), "nav=9" + valid.dropFirst(1),
            "nav=1" + valid.dropFirst(1), "nav=\(valid); nav=\(valid.dropLast(3))", "nav=junk; nav=\(valid)",
            "nav=%00%ff", "nav=\u{7f}\u{7f}", "other=1", "nav=2.e30.e30",
        ]
        while cookies.count < count {
            var bytes = Array(valid)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = alphabet.randomElement(using: &generator)!
            case 1:
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            default:
                bytes = (0..<Int.random(in: 1...300, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            }
            cookies.append("nav=" + String(bytes))
        }
        return cookies
    }

    @Test func hostileCookiesGetThePageAndAFreshValidCookie() async throws {
        try await withDemoServer(secret: Self.secret) { port, _ in
            let codec = StateCookie<DemoNavigation>(keys: KeyRing(secrets: [Self.secret])!)
            let user = UserAgent(port: port)
            try user.get("/home/orders/order/ORD-001")
            let valid = String(try #require(user.cookie).dropFirst("nav=".count))
            var served = 0, fresh = 0, errors = 0
            let cookies = Self.hostileCookies(from: valid, count: Scale.pick(short: 1_500, long: 10_000))
            for cookie in cookies {
                user.cookie = cookie
                let page = try user.get("/recipes/category/desserts")
                if page.status >= 500 { errors += 1 }
                if page.status == 200 && page.title == "Desserts" { served += 1 }
                // Only a cookie the server set now can hold Recipes as the selected tab.
                let value = user.cookie.map { String($0.dropFirst("nav=".count)) } ?? ""
                if codec.read(value)?.state.selectedTab == .recipes { fresh += 1 }
            }
            Figure.report("hostile cookies (\(cookies.count))",
                          "0 crashes, \(errors) 5xx, \(served) served the page, \(fresh) left a fresh valid cookie")
            #expect(errors == 0)
            #expect(served == cookies.count)
            #expect(fresh == cookies.count)
        }
    }

    static let payloads: [String] = {
        let bases = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'><svg onload=alert(1)>",
                     "javascript:alert(1)", "</title><script>x</script>", "<iframe src=//evil>", "{{x}}{{{y}}}",
                     "&lt;script&gt;", "\u{202e}<b>", "%3Cscript%3E"]
        return (0..<1_000).map { index in "\(bases[index % bases.count])<x-mark-\(index)>" }
    }()

    @Test func scriptPayloadsNeverComeBackUnescaped() async throws {
        try await withDemoServer(secret: Self.secret) { port, data in
            // Item names that bypass the forms' validation, as if written by another program.
            let store = try DemoStore(path: data.appendingPathComponent("demo.sqlite").path)
            _ = try store.updateOrder(id: "ORD-002", title: Self.payloads[1], cents: 100)
            _ = try store.updateUser(id: 42, name: Self.payloads[2])
            let user = UserAgent(port: port)
            var pages = 0, leaks: [String] = []
            func check(_ path: String) throws {
                let page = try user.get(path)
                pages += 1
                #expect(page.status < 500, "\(path)")
                if page.html.contains("<x-mark-") { leaks.append(path) }
            }
            for (index, payload) in Self.payloads.enumerated() {
                let segment = payload.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                switch index % 4 {
                case 0: try check("/home/order/\(segment)")
                case 1: try check("/find?q=\(segment)")
                case 2: try check("/recipes/category/\(segment)/recipe/\(segment)")
                default: try check("/home?present=search&presented-q=\(segment)")
                }
            }
            for path in ["/orders", "/orders/order/ORD-002", "/home", "/home/user/42", "/find?q=ORD"] { try check(path) }
            let form = try user.get("/orders/order/ORD-001?present=edit-order/ORD-001")
            let rejected = try user.post(try #require(form.formAction), [
                "_token": try #require(form.formToken), "_action": "saveOrder", "title": Self.payloads[3], "amount": "1"])
            if rejected.html.contains("<x-mark-") { leaks.append("form input") }
            Figure.report("XSS (\(Self.payloads.count) payloads)", "\(pages) pages checked, \(leaks.count) unescaped")
            #expect(leaks.isEmpty, "\(leaks)")
        }
    }
}
