import HTTPTestSupport
@testable import MicroHTTP
import Testing

/// `ServerConfiguration.trustedProxies`: forwarded headers are read from those addresses only.
@Suite struct TrustedProxyTests {
    /// Answers what the server made of the request: client address, scheme, host.
    private let echo = Respond { request in
        .text("\(request.clientAddress)|\(request.forwardedScheme ?? "-")|\(request.host ?? "-")")
    }

    private func configuration(trusting proxies: [String]) -> ServerConfiguration {
        var configuration = ServerConfiguration(port: 0, threads: 2)
        configuration.trustedProxies = proxies
        return configuration
    }

    private static let forwarded = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "X-Forwarded-For: 198.51.100.1, 203.0.113.7\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: shop.example\r\n\r\n"

    @Test func aTrustedProxyReportsTheClientTheSchemeAndTheHost() throws {
        try withServer(configuration(trusting: ["127.0.0.1"]), responder: echo) { server throws in
            // The last entry is the one the proxy appended; what the client sent before it is not believed.
            #expect(try exchange(server, Self.forwarded).text == "203.0.113.7|https|shop.example")
            #expect(try exchange(server, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").text == "127.0.0.1|-|127.0.0.1")
        }
    }

    @Test(arguments: [[String](), ["10.9.8.7", "::1"]])
    func anyoneElsesForwardedHeadersAreIgnored(proxies: [String]) throws {
        try withServer(configuration(trusting: proxies), responder: echo) { server throws in
            #expect(try exchange(server, Self.forwarded).text == "127.0.0.1|-|127.0.0.1")
        }
    }

    @Test func malformedForwardedValuesAreIgnoredOneByOne() throws {
        try withServer(configuration(trusting: ["127.0.0.1"]), responder: echo) { server throws in
            let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.7, not-an-address\r\n"
                + "X-Forwarded-Proto: ftp\r\nX-Forwarded-Host: a b\r\n\r\n"
            #expect(try exchange(server, request).text == "127.0.0.1|-|127.0.0.1")
            let spaced = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For:203.0.113.7 ,  2001:DB8::1 \r\n"
                + "X-Forwarded-Proto: HTTP\r\n\r\n"
            #expect(try exchange(server, spaced).text == "2001:db8::1|http|127.0.0.1")
        }
    }

    @Test func addressesAreComparedInOneForm() {
        #expect(TrustedProxies.normalized("127.0.0.1") == "127.0.0.1")
        #expect(TrustedProxies.normalized("::ffff:127.0.0.1") == "127.0.0.1")
        #expect(TrustedProxies.normalized("[::1]") == "::1")
        #expect(TrustedProxies.normalized("2001:DB8:0::1") == "2001:db8::1")
        for wrong in ["localhost", "", "127.0.0.1:80", "1.2.3", "203.0.113.7\r\nX: y"] {
            #expect(TrustedProxies.normalized(wrong) == nil, "\(wrong)")
        }
    }

    @Test func aServerTrustingSomethingThatIsNoAddressDoesNotStart() {
        let server = Server(configuration: configuration(trusting: ["proxy.local"]), responder: echo)
        #expect(throws: ServerError.invalidConfiguration("trusted proxy \"proxy.local\" is not an IP address")) {
            try server.start()
        }
    }
}
