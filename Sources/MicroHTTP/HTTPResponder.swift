/// One role: turn a request into a response.
///
/// Called concurrently for many requests. A responder may `await` (a database, another
/// service): the server starts each request's work on the libmicrohttpd worker thread that
/// received it and runs it there for as long as it does not wait, so a responder that answers
/// at once (static files, an embedded database) costs no thread hop. A worker first reads all
/// the requests that arrived together, then runs their work back to back, then sends their
/// answers: code that has just run costs about half as much. When the work waits, the
/// connection is suspended (`MHD_suspend_connection`) and the worker goes on with other
/// connections; the answer is sent when it comes, or a `503` with `Retry-After` when the
/// request's deadline (`ServerConfiguration.requestDeadline`) passes first, in which case the
/// responder's task is cancelled. Synchronous implementations satisfy the requirement as they
/// are, but must not block for long: the worker pool is sized to the cores.
///
/// The server asks each request's answer once, through `reply(to:)`: by default the work of
/// `respond(to:)`. A responder whose answer is sometimes at hand (a file, a cached page) gives it
/// there as `Reply.ready`, and the server then sends it with no task at all; one that wraps
/// another (`FileResponder`, `Router`, a logger) decides once what it does with the request and
/// hands on the inner reply, so a request walks the chain once (see `Reply`). A wrapper that
/// implements only `respond(to:)` still works, but the requests it wraps always get a task.
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
    /// The answer to `request`. It may wait, and is cancelled at the request's deadline; a
    /// thrown `HTTPError` answers with its status.
    func respond(to request: Request) async throws -> Response

    /// How `request` is answered: the response when it is ready without waiting, else the work
    /// that produces it; the server asks this, once per request. Must come to the answer
    /// `respond(to:)` gives, and must not block. Errors are treated as `respond(to:)`'s are.
    /// The default is `respond(to:)`'s work.
    func reply(to request: Request) throws -> Reply
}

extension HTTPResponder {
    public func reply(to request: Request) throws -> Reply {
        .pending { try await respond(to: request) }
    }
}
