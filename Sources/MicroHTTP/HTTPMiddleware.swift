/// One role: what wraps every request of a server. A middleware sees each request before the
/// responder it wraps and each answer (or error) after: a log line, a header every answer
/// carries, a timing, a check that refuses; it may also answer itself.
///
/// ```swift
/// struct ServerTiming: HTTPMiddleware {
///     func reply(to request: Request, next: any HTTPResponder) throws -> Reply {
///         let start = ContinuousClock.now
///         return try Reply.transforming(try next.reply(to: request)) { outcome in
///             var response = try outcome.get()
///             response.headers.replace("Server-Timing", "app;dur=\((ContinuousClock.now - start) / .milliseconds(1))")
///             return response
///         }
///     }
/// }
/// let responder = ServerTiming().wrapping(router)     // or NavigationServer's add(_:)
/// ```
///
/// A middleware that must wait before it lets a request through returns `.pending`:
/// `.pending { try await check(request); return try await next.respond(to: request) }`.
public protocol HTTPMiddleware: Sendable {
    /// How `request` is answered, given `next`, the responder this middleware wraps: usually
    /// `next`'s reply with its answer changed when it comes (`Reply.transforming(_:_:)`), which
    /// keeps an answer at hand (a file, a cached page) on the server's fast path, with no task.
    func reply(to request: Request, next: any HTTPResponder) throws -> Reply
}

extension HTTPMiddleware {
    /// `next` wrapped in this middleware, as a responder.
    public func wrapping(_ next: any HTTPResponder) -> some HTTPResponder {
        MiddlewareResponder(middleware: self, next: next)
    }
}

/// A responder and the middleware around it.
struct MiddlewareResponder<Middleware: HTTPMiddleware>: HTTPResponder {
    let middleware: Middleware
    let next: any HTTPResponder

    func respond(to request: Request) async throws -> Response {
        try await reply(to: request).response()
    }

    func reply(to request: Request) throws -> Reply {
        try middleware.reply(to: request, next: next)
    }
}

/// Sets the same header fields on every answer, the answers of `HTTPError`s included (another
/// error stays a bare `500`): `HeaderAddingResponder` as a middleware.
///
///     server.add(AddingHeaders([("X-Instance", "web-2")]))
public struct AddingHeaders: HTTPMiddleware {
    let fields: [(String, String)]

    /// Each of `fields` replaces any field of its name in the answers (a name listed twice keeps
    /// its last value).
    public init(_ fields: [(String, String)]) {
        self.fields = fields
    }

    public func reply(to request: Request, next: any HTTPResponder) throws -> Reply {
        try Reply.transforming(try next.reply(to: request)) { [fields] outcome in
            var response: Response
            do {
                response = try outcome.get()
            } catch let error as HTTPError {
                response = error.response
            }
            for (name, value) in fields { response.headers.replace(name, value) }
            return response
        }
    }
}
