/// An app's own endpoints beside its pages: a health check for the load balancer, a JSON API, a
/// webhook. Each route is a method and a path pattern; whatever matches no route goes to
/// `fallback` (the navigation pages), fast path included.
///
/// ```swift
/// var router = Router(fallback: pages)
/// router.on(.get, "/healthz") { _, _ in .text("ok") }     // answered at once, on the server's thread
/// router.on(.get, "/api/orders/{id}") { request, context in   // may await
///     guard let order = try await store.order(context.parameters["id"]!) else {
///         throw HTTPError(.notFound, "There is no order \(context.parameters["id"]!).")
///     }
///     return try .json(order)
/// }
/// let server = Server(configuration: .init(port: 8080), responder: router)
/// ```
///
/// A pattern is a path whose segments are literal or `{name}`, which matches any one non-empty
/// segment and hands it to the handler in `RouteContext.parameters`. Routes are tried in the
/// order they were added. A path that some route matches, but not with the request's method,
/// is answered `405` with `Allow` (HEAD is served by a GET route). A POST, PUT, PATCH or DELETE
/// from another site (`Origin`, `Sec-Fetch-Site`) is refused with `403` before its handler
/// runs, as forms are. An `HTTPError` a handler throws, and the router's own refusals, answer
/// `{"error": "…"}` with their status; any other error goes to the server, which logs it and
/// answers `500`.
public struct Router: HTTPResponder {
    /// A handler that may wait (a database, another service).
    public typealias Handler = @Sendable (Request, RouteContext) async throws -> Response
    /// A handler that answers at once: run on the server's thread with no task.
    public typealias ImmediateHandler = @Sendable (Request, RouteContext) throws -> Response

    private enum Action: Sendable {
        case waiting(Handler)
        case immediate(ImmediateHandler)
    }

    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let action: Action
    }

    private var routes: [Route] = []
    private let fallback: any HTTPResponder

    /// A router with no routes yet, handing every request to `fallback`.
    public init(fallback: any HTTPResponder) {
        self.fallback = fallback
    }

    /// Adds a route whose handler may wait.
    ///
    /// - Precondition: `pattern` starts with `/` and each `{name}` is a whole segment.
    public mutating func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        routes.append(Route(method: method, pattern: RoutePattern(pattern), action: .waiting(handler)))
    }

    /// Adds a route whose handler answers at once (a health check, a constant).
    public mutating func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping ImmediateHandler) {
        routes.append(Route(method: method, pattern: RoutePattern(pattern), action: .immediate(handler)))
    }

    public func respond(to request: Request) async throws -> Response {
        try await reply(to: request).response()
    }

    /// The route's reply, matched once: an immediate handler's answer or a refusal at once, a
    /// waiting handler's work, or the fallback's reply.
    public func reply(to request: Request) throws -> Reply {
        switch match(request) {
        case .none:
            return try fallback.reply(to: request)
        case .refused(let response):
            return .ready(response)
        case .found(let action, let context):
            let reply: () throws -> Reply = switch action {
            case .immediate(let handler): { .ready(try handler(request, context)) }
            case .waiting(let handler): { .pending { try await handler(request, context) } }
            }
            return try Reply.transforming(try reply()) { outcome in
                // An `HTTPError` as JSON, and the answer named by its route.
                var response: Response
                do {
                    response = try outcome.get()
                } catch let error as HTTPError {
                    response = .jsonError(error)
                }
                response.screen = response.screen ?? context.route
                return response
            }
        }
    }

    private enum Match {
        case none
        case refused(Response)
        case found(Action, RouteContext)
    }

    private func match(_ request: Request) -> Match {
        var allowed: [HTTPMethod] = []
        // Read once: a route whose literal first segment differs is passed over unmatched.
        let first = FirstSegment(of: request.path)
        for route in routes {
            if let literal = route.pattern.firstSegment, literal != first { continue }
            guard let parameters = route.pattern.match(request.path) else { continue }
            if route.method == request.method || (route.method == .get && request.method == .head) {
                if request.method.isUnsafe, request.isFromAnotherSite {
                    return .refused(.jsonError(HTTPError(.forbidden, "Requests that change data are accepted only from this site.")))
                }
                return .found(route.action, RouteContext(route: route.pattern.text, parameters: parameters))
            }
            allowed.append(route.method)
            if route.method == .get { allowed.append(.head) }
        }
        guard !allowed.isEmpty else { return .none }
        let methods = HTTPMethod.allCases.filter(allowed.contains).map(\.rawValue).joined(separator: ", ")
        var refusal = Response.jsonError(HTTPError(.methodNotAllowed, "\(request.method.rawValue) is not served at \(route: request.path); \(methods) \(allowed.count == 1 ? "is" : "are")."))
        refusal.headers.replace("Allow", methods)
        return .refused(refusal)
    }
}

extension HTTPMethod {
    /// Whether a request of this method may change something (RFC 9110's unsafe methods):
    /// POST, PUT, PATCH and DELETE.
    public var isUnsafe: Bool {
        switch self {
        case .get, .head, .options: false
        case .post, .put, .patch, .delete: true
        }
    }
}

extension DefaultStringInterpolation {
    /// A path inside a message: at most 200 characters, so a hostile one cannot fill a response.
    fileprivate mutating func appendInterpolation(route path: String) {
        appendLiteral(path.count > 200 ? String(path.prefix(200)) + "…" : path)
    }
}
