import Foundation
import Testing
import HTTPTestSupport

/// Behind a TLS-terminating proxy that the server trusts (`--trusted-proxy`): the state cookie is
/// `Secure` with the `__Host-` prefix over https, forms compare `Origin` with the forwarded host,
/// and forwarded headers from anyone else change nothing.
@Suite struct TrustedProxyTests {
    static let https = ["X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example", "X-Forwarded-For": "203.0.113.7"]

    /// A server on its own data folder that trusts the test's own address, as nginx on the same machine.
    private func withProxiedServer(trusting proxies: [String] = ["127.0.0.1"], _ body: (Int) throws -> Void) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try await withDemoServer(
            dataDirectory: data, database: try await DemoDatabase.database(for: data), trustedProxies: proxies, body)
    }

    @Test func overHTTPSTheCookieIsSecureWithTheHostPrefixAndKeepsTheState() async throws {
        try await withProxiedServer { port in
            let user = UserAgent(port: port)
            user.proxyHeaders = Self.https
            let page = try user.get("/home/orders")
            let setCookie = try #require(page.response.header("Set-Cookie"))
            #expect(setCookie.hasPrefix("__Host-nav="))
            let attributes = setCookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(attributes.contains("Secure"))
            #expect(attributes.contains("Path=/"))
            #expect(!attributes.contains { $0.lowercased().hasPrefix("domain") })
            // Another tab, then back: the Home stack came back from the __Host- cookie.
            try user.get("/orders")
            #expect(try user.follow("Home").title == "Order History")

            // The same value under the plain name is not read over https.
            let plain = UserAgent(port: port)
            plain.proxyHeaders = Self.https
            plain.cookie = "nav=" + String(try #require(user.cookie?.split(separator: "=", maxSplits: 1).last))
            try plain.get("/orders")
            #expect(try plain.follow("Home").title != "Order History")
        }
    }

    @Test func plainHTTPThroughTheProxyAndDirectRequestsKeepThePlainCookie() async throws {
        try await withProxiedServer { port in
            let proxied = UserAgent(port: port)
            proxied.proxyHeaders = ["X-Forwarded-Proto": "http", "X-Forwarded-For": "203.0.113.7"]
            let viaHTTP = try #require(try proxied.get("/home/orders").response.header("Set-Cookie"))
            #expect(viaHTTP.hasPrefix("nav=") && !viaHTTP.contains("Secure"))
            let direct = try #require(try UserAgent(port: port).get("/home/orders").response.header("Set-Cookie"))
            #expect(direct.hasPrefix("nav=") && !direct.contains("Secure"))
        }
    }

    @Test(arguments: [[String](), ["10.9.8.7"]])
    func forwardedHeadersFromAnyoneElseChangeNothing(proxies: [String]) async throws {
        try await withProxiedServer(trusting: proxies) { port in
            let user = UserAgent(port: port)
            user.proxyHeaders = Self.https
            let setCookie = try #require(try user.get("/home/orders").response.header("Set-Cookie"))
            #expect(setCookie.hasPrefix("nav="))
            #expect(!setCookie.contains("Secure"))
            // Its form is judged by the Host it really sent, not by the host it claims.
            let sheet = try user.get("/orders/order/ORD-002?present=edit-order/ORD-002")
            let fields = ["_token": try #require(sheet.formToken), "_action": "saveOrder", "title": "Books", "amount": "45"]
            let claimed = try user.post(try #require(sheet.formAction), fields, headers: ["Origin": "https://shop.example"])
            #expect(claimed.status == 403)
        }
    }

    @Test func formsBehindTheProxyMustComeFromTheForwardedHostAndScheme() async throws {
        try await withProxiedServer { port in
            let user = UserAgent(port: port)
            user.proxyHeaders = Self.https
            let sheet = try user.get("/orders/order/ORD-002?present=edit-order/ORD-002")
            let action = try #require(sheet.formAction)
            let fields = ["_token": try #require(sheet.formToken), "_action": "saveOrder", "title": "Paperbacks", "amount": "45"]
            for origin in ["https://evil.example", "http://shop.example", "https://127.0.0.1"] {
                #expect(try user.post(action, fields, headers: ["Origin": origin]).status == 403, "\(origin)")
            }
            #expect(try user.get("/orders/order/ORD-002").html.contains("Books"), "nothing was saved")
            let saved = try user.post(action, fields, headers: ["Origin": "https://shop.example"])
            #expect(saved.status == 303)
            #expect(try user.get("/orders/order/ORD-002").html.contains("Paperbacks"))
        }
    }

    @Test func theExecutableTakesTheOptionAndRefusesWhatIsNoAddress() throws {
        let (status, output) = try LaunchedDemo.run(["--trusted-proxy", "proxy.local"])
        #expect(status == 64)
        #expect(output.contains("--trusted-proxy"), "\(output)")

        let demo = try LaunchedDemo(arguments: ["--trusted-proxy", "10.9.8.7", "--trusted-proxy", "127.0.0.1"])
        defer { demo.stop() }
        let user = UserAgent(port: demo.port)
        user.proxyHeaders = Self.https
        #expect(try user.get("/home").response.header("Set-Cookie")?.hasPrefix("__Host-nav=") == true)
    }

    @Test func theInstanceNameIsSentWithEveryAnswer() throws {
        let (status, output) = try LaunchedDemo.run(["--instance-name", "web 2"])
        #expect(status == 64)
        #expect(output.contains("--instance-name"), "\(output)")

        let demo = try LaunchedDemo(arguments: ["--instance-name", "web-2"])
        defer { demo.stop() }
        let user = UserAgent(port: demo.port)
        for path in ["/home", "/app.css", "/nowhere"] {
            #expect(try user.get(path).response.header("X-Instance") == "web-2", "\(path)")
        }
    }
}
