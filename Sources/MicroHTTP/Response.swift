/// An HTTP response for the server to send.
///
/// Header fields that are unsafe on the wire (name not a token; CR, LF, NUL or
/// other control characters in the value) and invalid cookies are dropped when
/// sending, never emitted. `Content-Length` is always computed by the server.
public struct Response: Sendable {
    /// What follows the headers; its size is the `Content-Length` the server writes.
    public enum Body: Sendable {
        /// Bytes in memory, sent as they are, from the array's own storage (kept until sent, not copied).
        case bytes([UInt8])
        /// An open, readable file descriptor and the number of bytes to send from
        /// its start. The server takes ownership of the descriptor and closes it,
        /// whether or not the response is ever sent.
        case file(descriptor: Int32, size: Int)
        /// Server-sent events, sent as they come for as long as the stream stays open (see
        /// `EventStream`): chunked, with no `Content-Length`.
        case events(EventStream)
    }

    /// Sent by its code alone: libmicrohttpd writes the standard phrase, and a code outside
    /// 200...599 goes out as `500`.
    public var status: HTTPStatus
    /// Sent in order, repeats kept; a field unsafe on the wire is dropped, and `Content-Length` is
    /// the server's to write.
    public var headers: HTTPHeaders
    /// Not sent in answer to a HEAD, though `Content-Length` still gives its size.
    public var body: Body
    /// Each becomes its own `Set-Cookie` header.
    public var cookies: [SetCookie]
    /// What kind of screen or endpoint answered, for the server's metrics (their `screen`
    /// label): a bounded name such as a screen's tab and route case (`orders/orderDetail`), a
    /// route's pattern or `file`; never the path, which may name every item. Not sent.
    public var screen: String?
    /// Bounded names of what went wrong in answering but was handled (a state cookie that could
    /// not be restored, a state trimmed to fit its cookie), each counted by the server's metrics
    /// (`http_incidents_total`, labelled `incident`). Never a path or a value. Not sent.
    public var incidents: [String] = []

    /// By default an empty `200 OK` with no fields or cookies.
    public init(
        status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(),
        body: Body = .bytes([]), cookies: [SetCookie] = []
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.cookies = cookies
    }

    /// A `text/html; charset=utf-8` response.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> Response {
        .html(Array(html.utf8), status: status)
    }

    /// A `text/html; charset=utf-8` response of UTF-8 bytes.
    public static func html(_ html: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(
            status: status, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]),
            body: .bytes(html))
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(
            status: status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
            body: .bytes(Array(text.utf8)))
    }

    /// A redirect with an empty body. A `location` containing CR, LF or NUL is
    /// dropped when sending, so build it from trusted or encoded parts.
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
        Response(status: status, headers: HTTPHeaders([("Location", location)]))
    }

    /// A `200` that streams `stream`'s events (`text/event-stream`), uncached and unbuffered by
    /// proxies (`X-Accel-Buffering: no`).
    public static func events(_ stream: EventStream) -> Response {
        Response(
            headers: HTTPHeaders([
                ("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no"),
            ]),
            body: .events(stream))
    }

    /// The body of a `.bytes` response; empty for `.file` and `.events`.
    public var bodyBytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }
}
