/// An error a responder throws to answer with a specific status.
///
/// The server turns it into a `text/plain` response whose body is `message`
/// (or the status's reason phrase when `message` is empty), so `message` must be
/// safe to show to the client; `headers` are added to it (unsafe fields are
/// dropped, as for every response).
///
///     throw HTTPError(.notFound, "There is no order “\(id)”.")
///     throw HTTPError.unavailable("The database is not answering.", retryAfter: 2)
public struct HTTPError: Error, Sendable {
    /// The response's status; its reason phrase is the body when `message` is empty.
    public let status: HTTPStatus
    /// The plain-text body, shown to the client as it is: never put secrets or internals here.
    public let message: String
    /// Set on the response, each replacing any field of its name, `Content-Type` included.
    public let headers: HTTPHeaders

    /// Answers `status` with `message` as the body (the reason phrase if empty) and `headers`.
    public init(_ status: HTTPStatus, _ message: String = "", headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// A `503 Service Unavailable` that tells the client when to try again: what to throw
    /// when a dependency (a database) is down, so that no client sees a 500 for it.
    public static func unavailable(_ message: String, retryAfter seconds: Int = 1) -> HTTPError {
        HTTPError(.serviceUnavailable, message, headers: HTTPHeaders([("Retry-After", String(max(0, seconds)))]))
    }

    /// The plain-text response the server sends for this error.
    public var response: Response {
        var response = Response.text(message.isEmpty ? status.reason : message, status: status)
        for field in headers { response.headers.replace(field.name, field.value) }
        return response
    }
}
