import MicroHTTP

/// One request as the browser sends it: the method, the target (path and query) as the page or
/// the test wrote it, the header fields and the body.
struct OutgoingRequest: Sendable {
    var method: String
    var target: String
    var headers: [(String, String)]
    var body: [UInt8]
}

/// One answer as the browser receives it, `Set-Cookie` fields among its headers.
struct ReceivedResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
}

/// An answer whose body is read as it arrives (an event stream): its status and fields, the
/// body's pieces, and how to stop reading (the connection closes).
struct StreamingResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: AsyncStream<[UInt8]>
    var stop: @Sendable () -> Void
}

/// How the browser's requests reach the server: over a loopback socket, or in this process.
protocol BrowserTransport: Sendable {
    /// The `Host` the browser names, which with the scheme makes its origin
    /// (`127.0.0.1:8080`).
    var host: String { get }

    /// The server's answer to `request`.
    func send(_ request: OutgoingRequest) async throws -> ReceivedResponse

    /// The server's answer to `request`, its body read as it arrives, on a connection of its own.
    func stream(_ request: OutgoingRequest) async throws -> StreamingResponse

    /// Lets go of what the transport holds open (kept-alive connections).
    func close() async
}
