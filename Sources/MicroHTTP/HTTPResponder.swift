/// One role: turn a request into a response.
///
/// Called concurrently on libmicrohttpd's worker threads, synchronously on
/// purpose: the work is CPU-bound and the pool is sized to the cores, so a
/// responder must not block for long. A thrown `HTTPError` becomes a plain-text
/// response with its status and message; any other error becomes a generic
/// `500 Internal Server Error` whose body never contains the error's text.
public protocol HTTPResponder: Sendable {
    func respond(to request: Request) throws -> Response
}
