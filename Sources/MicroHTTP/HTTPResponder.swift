/// One role: turn a request into a response.
///
/// Called concurrently for many requests. A responder may `await` (a database, another
/// service): the server starts each request's work on the libmicrohttpd worker thread that
/// received it and runs it there for as long as it does not wait, so a responder that answers
/// at once (static files, an embedded database) costs no thread hop. When it waits, the
/// connection is suspended (`MHD_suspend_connection`) and the worker goes on with other
/// connections; the answer is sent when it comes, or a `503` with `Retry-After` when the
/// request's deadline (`ServerConfiguration.requestDeadline`) passes first, in which case the
/// responder's task is cancelled. Synchronous implementations satisfy the requirement as they
/// are, but must not block for long: the worker pool is sized to the cores.
///
/// A responder whose answer is sometimes at hand (a file, a cached page) can also give it
/// synchronously with `immediateResponse(to:)`: the server asks that first and starts a task
/// only for the requests it leaves, so such answers pay nothing for the async machinery. A
/// responder that wraps another (`FileResponder`, a logger) forwards it; one that does not
/// loses the inner responder's fast path, never its answers.
///
/// A thrown `HTTPError` becomes a plain-text response with its status, message and headers;
/// any other error becomes a generic `500 Internal Server Error` whose body never contains the
/// error's text.
///
///     struct Hello: HTTPResponder {
///         func respond(to request: Request) async throws -> Response {
///             let name = try await directory.name(of: request.path)   // waits without a thread
///             return .text("Hello, \(name)")
///         }
///     }
public protocol HTTPResponder: Sendable {
    /// The answer to `request`, asked for when `immediateResponse(to:)` gave none. It may wait, and
    /// is cancelled at the request's deadline; a thrown `HTTPError` answers with its status.
    func respond(to request: Request) async throws -> Response

    /// The answer when it is ready without waiting, else nil, and the server then calls
    /// `respond(to:)`. Must give the same answer `respond(to:)` would, and must not block.
    /// Errors are treated as `respond(to:)`'s are. The default answers nil.
    func immediateResponse(to request: Request) throws -> Response?
}

extension HTTPResponder {
    public func immediateResponse(to request: Request) throws -> Response? { nil }
}
