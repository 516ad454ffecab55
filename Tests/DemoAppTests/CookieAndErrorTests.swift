import DemoSchema
import Foundation
@_spi(Benchmark) import Navigation
import NavigationHTML
import Testing
import HTTPTestSupport

/// The state cookie's rules and the answers to bad input, as a client sees them.
@Suite struct CookieAndErrorTests {
    @Test func tamperedCookieIsIgnoredAndReplaced() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            try user.get("/recipes/category/desserts")
            let valid = try #require(user.cookie)
            // Flip one character of the payload: the signature no longer matches.
            var bytes = Array(valid.utf8)
            let index = bytes.firstIndex(of: UInt8(ascii: "."))! + 3
            bytes[index] = bytes[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            for bad in [String(decoding: bytes, as: UTF8.self), "nav=", "nav=1.x.y", "nav=\(valid.dropLast(5))",
                        "nav=9" + valid.dropFirst(5), "nav=" + String(repeating: "A", count: 4000)] {
                user.cookie = bad
                let page = try user.get("/orders/order/ORD-002")
                #expect(page.status == 200, "cookie \(bad.prefix(40))")
                #expect(page.title == "ORD-002")
                #expect(page.notice == "Your last screens could not be restored, so the app starts afresh.", "the person is told")
                let fresh = try #require(user.cookie)
                #expect(fresh != bad)
                // The fresh cookie is valid: it restores the visible screen, and nothing else.
                let restored = try user.get("/")
                #expect(restored.response.header("Location")?.hasPrefix("/orders/order/ORD-002") == true)
                #expect(restored.response.header("Set-Cookie") == nil)
            }
        }
    }

    /// A cookie whose screens this version no longer reads (a route renamed): the screens
    /// before it stand, the page says the others were closed, and the cookie is written again.
    @Test func screensThatNoLongerExistAreClosedAndSaid() async throws {
        try await withDemoServer(secret: Self.secret) { port, _ in
            let keys = try #require(KeyRing(secrets: [Self.secret]))
            let json = #"{"n":"nonce-of-old","s":{"home":["orders","renamed-in-a-later-version","1"]},"t":"home"}"#
            let old = StateCookie<DemoNavigation>(keys: keys).seal(json: Data(json.utf8))
            let user = UserAgent(port: port)
            user.cookie = "nav=" + old
            let page = try user.get("/profile")
            #expect(page.notice == "Some screens you had open no longer exist, so they were closed.")
            let fresh = try #require(user.cookie)
            #expect(fresh != "nav=" + old, "written again without them")
            let home = try user.get("/profile")
            #expect(home.notice == nil, "said once")
            #expect(home.tabHref("home") == "/home/orders", "the screens before it stand")
        }
    }

    /// A cookie whose onboarding draft no longer decodes as the demo's `OnboardingDraft` (one
    /// written as the old dictionary of strings, one of another shape): the draft is left out and
    /// said once, the stacks stand, and the flow starts again empty.
    @Test func aDraftThatNoLongerDecodesIsLeftOutAndSaid() async throws {
        try await withDemoServer(secret: Self.secret) { port, _ in
            let keys = try #require(KeyRing(secrets: [Self.secret]))
            for draft in [#"{"name":"Ana","notifications":"off"}"#, #""{\"notifications\":\"off\"}""#] {
                let json = #"{"n":"nonce-of-old","s":{"home":["orders"]},"t":"home","w":"# + draft + "}"
                let user = UserAgent(port: port)
                user.cookie = "nav=" + StateCookie<DemoNavigation>(keys: keys).seal(json: Data(json.utf8))
                let page = try user.get("/profile?present=onboarding/profile")
                #expect(page.notice == "What you had entered so far could not be kept; please enter it again.", "\(draft)")
                #expect(page.inputValue("name") == "", "\(draft)")
                let again = try user.get("/profile")
                #expect(again.notice == nil, "said once: \(draft)")
                #expect(again.tabHref("home") == "/home/orders", "the stacks stand: \(draft)")
            }
        }
    }

    static let secret = "a secret of at least sixteen characters for old cookies"

    @Test func unknownSegmentsAnswer404InsideTheChrome() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let unknown = try user.get("/nowhere/at/all")
            #expect(unknown.status == 404)
            #expect(unknown.notice?.contains("/nowhere/at/all") == true)
            #expect(unknown.tabHref("home") != nil)

            let partial = try user.get("/home/orders/bogus")
            #expect(partial.status == 404)
            #expect(partial.title == "Order History")
            #expect(partial.canonical == "/home/orders")

            let missing = try user.get("/home/orders/order/ORD-999/order/ORD-001")
            #expect(missing.status == 404)
            #expect(missing.notice == "There is no order “ORD-999”.")
            #expect(missing.title == "Order History")
            #expect(try user.get("/user/abc").status == 404)
            #expect(try user.get("/recipe/no-such-pie").status == 404)
        }
    }

    @Test func hostileSegmentsAreEscaped() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let page = try user.get("/home/order/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
            #expect(page.status == 404)
            #expect(!page.html.contains("<script>"), "only the page's own script tag, never the payload")
            #expect(page.html.contains("&lt;script&gt;"))
            let search = try user.get("/home?present=search&presented-q=%22%3E%3Cimg%20src%3Dx%3E")
            #expect(search.status == 200)
            #expect(!search.html.contains("<img"))
        }
    }

    @Test func jsonStateHasTheContractShape() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let response = try user.get("/order/ORD-001", accept: "application/json").response
            #expect(response.header("Content-Type") == "application/json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(json["selectedTab"] as? String == "home")
            #expect(json["presentation"] is NSNull)
            let tabs = try #require(json["tabs"] as? [String: [String: Any]])
            #expect(Set(tabs.keys) == ["home", "recipes", "orders", "saved", "profile", "find", "beta"])
            let path = try #require(tabs["home"]?["path"] as? [[String: [String: String]]])
            #expect(path == [["orderHistory": [:]], ["orderDetail": ["orderId": "ORD-001"]]])

            let sheet = try user.get("/search", accept: "application/json").response
            let presented = try #require(try JSONSerialization.jsonObject(with: Data(sheet.body)) as? [String: Any])
            let presentation = try #require(presented["presentation"] as? [String: Any])
            #expect(presentation["style"] as? String == "sheet")
            #expect(presentation["destination"] as? [String: [String: String]] == ["search": [:]])
        }
    }

    @Test func staticFilesAndMethods() async throws {
        try await withDemoServer { port in
            let user = UserAgent(port: port)
            let css = try user.get("/app.css")
            #expect(css.status == 200)
            #expect(css.response.header("Content-Type")?.hasPrefix("text/css") == true)
            #expect(try user.get("/../Package.swift").status == 404)
            let page = try user.get("/home")
            #expect(page.response.header("Cache-Control") == "no-store")
            #expect(page.response.header("Vary")?.contains("Cookie") == true)
            let policy = try #require(page.response.header("Content-Security-Policy"))
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
            #expect(page.response.header("X-Content-Type-Options") == "nosniff")
            let scripts = page.html.matches(of: #/<script src="([^"]*)" defer blocking="render">/#).map { String($0.output.1) }
            #expect(page.html.matches(of: #/<script/#).count == 1 && scripts.count == 1, "no inline script")
            let script = try user.get(try #require(scripts.first))
            #expect(script.response.header("Content-Type")?.hasPrefix("text/javascript") == true)
            #expect(script.response.header("Cache-Control") == "public, max-age=31536000, immutable",
                    "the page links to the file's current version, which may be cached for a year")
            let stylesheet = try #require(page.html.firstMatch(of: #/<link rel="stylesheet" href="([^"]*)">/#)?.output.1)
            // The library's own stylesheet, under the prefix that names its contents.
            #expect(stylesheet == LibraryAssets.url(of: "app.css") && stylesheet.hasPrefix("/_navigation/"))
            let current = try user.get(String(stylesheet))
            #expect(current.response.header("Content-Type") == "text/css; charset=utf-8")
            #expect(current.response.header("Cache-Control") == "public, max-age=31536000, immutable")
            #expect(current.html.contains(#".symbol-star\.fill { --symbol: url("icons/star.fill.svg"); }"#), "every icon of the set")
            let old = try user.get("/_navigation/000000000000/app.css")
            #expect(old.status == 200 && old.response.header("Cache-Control") == "public, max-age=300",
                    "a page of an older version gets today's file, cached briefly")
            #expect(try user.get("/_navigation/000000000000/nothing.css").status == 404)
            #expect(try user.get("/app.css?v=stale").response.header("Cache-Control") == "public, max-age=3600")
        }
    }
}
