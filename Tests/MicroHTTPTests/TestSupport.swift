import HTTPTestSupport
import MicroHTTP
import Synchronization

/// A responder built from a closure, so each test states its behaviour inline.
struct Respond: HTTPResponder {
    let handler: @Sendable (Request) throws -> Response

    init(_ handler: @escaping @Sendable (Request) throws -> Response) {
        self.handler = handler
    }

    func respond(to request: Request) throws -> Response {
        try handler(request)
    }
}

/// Runs `body` against a started server on a free port, shutting it down on
/// every path.
func withServer<Result>(
    _ configuration: ServerConfiguration = ServerConfiguration(port: 0, threads: 2),
    responder: any HTTPResponder,
    _ body: (Server) throws -> Result
) throws -> Result {
    var configuration = configuration
    configuration.port = 0
    let server = Server(configuration: configuration, responder: responder)
    try server.start()
    defer { server.shutdown(timeout: 2) }
    return try body(server)
}

/// Sends one request on a new connection and reads the answer.
func exchange(_ server: Server, _ request: String, head: Bool = false) throws -> TestResponse {
    let client = try TestClient(port: server.port)
    try client.write(request)
    return try client.readResponse(head: head)
}

/// Counts how often a responder was called, across threads.
final class CallCounter: Sendable {
    private let count = Atomic(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
