/// How `Server.test(_:settings:_:)` lets the browser reach the server.
///
/// Run a test in both to prove the app the same on the wire and in process:
///
/// ```swift
/// @Test(arguments: [TestTransport.live, .inProcess])
/// func savingANote(transport: TestTransport) async throws { … }
/// ```
public struct TestTransport: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case live, inProcess
    }

    let kind: Kind

    /// The server starts on loopback (configure port 0 for a free one) and the browser talks
    /// HTTP/1.1 to it over TCP: libmicrohttpd parses every request, as in production.
    public static let live = TestTransport(kind: .live)

    /// No socket: each request is answered by `Server.inProcessResponse(to:method:bodySize:)`,
    /// the server's own pipeline after parsing, with the request parsed by the browser instead
    /// of libmicrohttpd. Faster, and needs no port; the server is never started.
    public static let inProcess = TestTransport(kind: .inProcess)

    /// `live` or `inProcess`.
    public var description: String {
        switch kind {
        case .live: "live"
        case .inProcess: "inProcess"
        }
    }
}
