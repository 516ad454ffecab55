/// How a responder answers one request, decided in one pass down the responder chain: the
/// answer itself when it is at hand, or the work that produces it.
///
/// The server asks for a reply once per request (`HTTPResponder.reply(to:)`) and sends a
/// `.ready` answer from the libmicrohttpd worker that received the request, with no task; a
/// `.pending` one runs as a task that starts on that worker and keeps it for as long as it does
/// not wait. Either way no responder is asked twice: a wrapper (a logger, a router, a file
/// server) decides once what it does with the request and, when the answer is not at hand, hands
/// on the work that will produce it, wrapped in its own.
///
/// ```swift
/// struct Pages: HTTPResponder {
///     func reply(to request: Request) throws -> Reply {
///         if let page = cache[request.path] { return .ready(.html(page)) }   // no task at all
///         return .pending { try await render(request) }
///     }
///     func respond(to request: Request) async throws -> Response {
///         try await reply(to: request).response()
///     }
/// }
/// ```
public enum Reply: Sendable {
    /// The answer, ready now.
    case ready(Response)
    /// The work that answers: it may wait (a database, another service) and is cancelled at the
    /// request's deadline. A thrown error is answered as `respond(to:)`'s are.
    case pending(@Sendable () async throws -> Response)

    /// The answer when it is ready, else nil.
    public var readyResponse: Response? {
        if case .ready(let response) = self { response } else { nil }
    }

    /// The answer: at once when ready, else when the work has done.
    public func response() async throws -> Response {
        switch self {
        case .ready(let response): response
        case .pending(let work): try await work()
        }
    }

    /// The reply `body` gives, with its outcome (the response, or the error thrown, now or later)
    /// passed through `transform`: how a wrapper adds to every answer of the responder it wraps,
    /// in the same single pass. An error `body` throws at once is transformed at once.
    ///
    /// ```swift
    /// Reply.transforming(try next.reply(to: request)) { outcome in
    ///     var response = try outcome.get()
    ///     response.headers.replace("X-Instance", name)
    ///     return response
    /// }
    /// ```
    public static func transforming(
        _ body: @autoclosure () throws -> Reply,
        _ transform: @escaping @Sendable (Result<Response, any Error>) throws -> Response
    ) throws -> Reply {
        let reply: Reply
        do {
            reply = try body()
        } catch {
            return .ready(try transform(.failure(error)))
        }
        switch reply {
        case .ready(let response):
            return .ready(try transform(.success(response)))
        case .pending(let work):
            return .pending {
                let outcome: Result<Response, any Error>
                do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
                return try transform(outcome)
            }
        }
    }
}
