/// Adds the same header fields to every answer of the responder it wraps, the answers of its
/// `HTTPError`s included (another error stays a bare `500`). Fields that are unsafe on the wire
/// are dropped when the response is sent, as every response's are.
///
///     // Each instance behind a load balancer names itself:
///     let responder = HeaderAddingResponder(next: app, fields: [("X-Instance", "web-2")])
public struct HeaderAddingResponder: HTTPResponder {
    let next: any HTTPResponder
    let fields: [(String, String)]

    /// Wraps `next`; each of `fields` replaces any field of its name in the answers (a name listed
    /// twice keeps its last value).
    public init(next: any HTTPResponder, fields: [(String, String)]) {
        self.next = next
        self.fields = fields
    }

    /// `next`'s answer with the fields set; an `HTTPError` it throws is answered here, with them,
    /// and any other error passes through (the server answers a bare `500`).
    public func respond(to request: Request) async throws -> Response {
        try await reply(to: request).response()
    }

    /// `next`'s reply, its answer (or `HTTPError`) given the fields when it comes.
    public func reply(to request: Request) throws -> Reply {
        try AddingHeaders(fields).reply(to: request, next: next)
    }
}
