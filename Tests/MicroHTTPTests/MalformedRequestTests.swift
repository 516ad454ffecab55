import HTTPTestSupport
import MicroHTTP
import Testing

/// Oversized and malformed requests: each gets an answer that is not a 5xx (505 for a version the
/// server does not speak), or a closed connection for bytes that are not HTTP; requests that state
/// their body's length two ways are refused with 400 before the responder sees them, and the
/// connection is closed so nothing smuggled behind them is read as a request. After each one a
/// normal request on a new connection is served at once.
@Suite struct MalformedRequestTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        /// The statuses allowed; empty when the server closes without answering.
        let statuses: Set<Int>
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ statuses: Set<Int>) {
            self.init(name, Array(text.utf8), statuses)
        }

        init(_ name: String, _ bytes: [UInt8], _ statuses: Set<Int>) {
            self.name = name
            self.bytes = bytes
            self.statuses = statuses
        }
    }

    static let forty = String(repeating: "a", count: 40 * 1024)
    static let four = String(repeating: "a", count: 4 * 1024 - 8)
    static let post = "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"

    static let cases: [Case] = [
        Case("40 KB URL", "GET /\(forty) HTTP/1.1\r\nHost: x\r\n\r\n", [200, 414]),
        Case("40 KB cookie", "GET / HTTP/1.1\r\nHost: x\r\nCookie: nav=\(forty)\r\n\r\n", [431]),
        // Not malformed: what the default per-connection memory must still take (three 4 KB cookies).
        Case("12 KB of cookies", "GET / HTTP/1.1\r\nHost: x\r\nCookie: " + (1...3).map { "c\($0)=\(four)" }.joined(separator: "; ")
             + "\r\n\r\n", [200]),
        Case("oversized form", post + "Content-Length: 200000\r\n\r\nname=" + String(repeating: "b", count: 199_995), [413]),
        Case("negative Content-Length", post + "Content-Length: -1\r\n\r\n", [400]),
        Case("huge Content-Length", post + "Content-Length: 99999999999999999999999\r\n\r\n", [400, 413]),
        Case("Content-Length: 1e3", post + "Content-Length: 1e3\r\n\r\n", [400]),
        Case("bare LF line ends", "GET /lf HTTP/1.1\nHost: x\n\n", [200]),
        Case("NUL in a header", [UInt8]("GET / HTTP/1.1\r\nHost: x\r\nX-A: a".utf8) + [0] + Array("b\r\n\r\n".utf8), [200, 400]),
        Case("NUL in the URL", [UInt8]("GET /a".utf8) + [0] + Array("b HTTP/1.1\r\nHost: x\r\n\r\n".utf8), [200, 400]),
        Case("control bytes", [UInt8]("GET /\u{1}\u{7F} HTTP/1.1\r\nHost: x\r\nX-A: ".utf8) + [1, 2, 0x1B] + Array("\r\n\r\n".utf8), [200, 400]),
        Case("HTTP/2.0 request line", "GET / HTTP/2.0\r\nHost: x\r\n\r\n", [505]),
        Case("HTTP/3.0 request line", "GET / HTTP/3.0\r\nHost: x\r\n\r\n", [505]),
        Case("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", [400]),
        Case("space in the URL", "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n", []),
        Case("TLS handshake bytes", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03, 13, 10, 13, 10], []),
        Case("chunk size past 64 bits", "POST /form HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n", [400, 413]),
    ] + smuggling

    /// Framing that two parsers could read differently: refused with 400 and the connection closed.
    static let smuggling: [Case] = [
        Case("Content-Length twice, equal", post + "Content-Length: 3\r\nContent-Length: 3\r\n\r\na=b", [400]),
        Case("Content-Length twice, different", post + "Content-Length: 3\r\nContent-Length: 31\r\n\r\na=b", [400]),
        Case("Content-Length with Transfer-Encoding", post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", [400]),
        Case("Transfer-Encoding twice", post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", [400]),
        Case("Transfer-Encoding: gzip, chunked", post + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", [400]),
        Case("Transfer-Encoding: identity", post + "Transfer-Encoding: identity\r\n\r\n", [400]),
    ]

    static let served = Locked<Set<String>>([])
    static let responder = Respond { request in
        served.withLock { _ = $0.insert(request.path) }
        return .text("ok")
    }

    @Test(arguments: cases)
    func isAnsweredWithoutHarmAndTheNextRequestIsServed(_ test: Case) throws {
        try withServer(responder: Self.responder) { server in
            let client = try TestClient(port: server.port)
            try client.write(bytes: test.bytes)
            if test.statuses.isEmpty {
                #expect(client.isClosedByServer())
            } else {
                let response = try client.readResponse()
                #expect(test.statuses.contains(response.status), "\(test.name): \(response.status)")
            }
            let next = try exchange(server, "GET /next HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(next.status == 200)
        }
    }

    @Test(arguments: smuggling)
    func ambiguousFramingClosesTheConnectionBeforeASmuggledRequest(_ test: Case) throws {
        try withServer(responder: Self.responder) { server in
            let client = try TestClient(port: server.port)
            try client.write(bytes: test.bytes + Array("GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let response = try client.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Connection")?.lowercased() == "close")
            #expect(client.isClosedByServer())
            #expect(!Self.served.withLock { $0.contains("/smuggled") || $0.contains("/form") })
        }
    }

    @Test func figure() throws {
        var statuses: [Int: Int] = [:]
        try withServer(responder: Self.responder) { server in
            for test in Self.cases {
                let client = try TestClient(port: server.port)
                try client.write(bytes: test.bytes)
                let status = test.statuses.isEmpty ? 0 : (try? client.readResponse().status) ?? -1
                statuses[status, default: 0] += 1
                #expect(try exchange(server, "GET /next HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
            }
        }
        let summary = statuses.sorted { $0.key < $1.key }.map { "\($0.value)×\($0.key == 0 ? "closed" : String($0.key))" }
        Figure.report("malformed requests (\(Self.cases.count) kinds)",
                      "0 crashes, \(statuses.keys.filter { $0 >= 500 && $0 != 505 }.count) 5xx other than 505; \(summary.joined(separator: ", ")); next request 200 after each")
    }
}
