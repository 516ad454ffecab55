/// An HTTP status code with its reason phrase.
///
/// The reason phrase documents intent; on the wire libmicrohttpd writes its own
/// standard phrase for the code.
public struct HTTPStatus: Sendable, Hashable {
    /// The number on the status line; a response with one outside 200...599 is sent as `500`.
    public let code: Int
    /// The body of the server's own plain-text answers and of an `HTTPError` without a message; the
    /// status line carries libmicrohttpd's standard phrase instead.
    public let reason: String

    /// A status not listed below: `reason` shows only in bodies, and a code outside 200...599 is
    /// sent as `500`.
    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// 200: the request succeeded; every `Response`'s default.
    public static let ok = HTTPStatus(code: 200, reason: "OK")
    /// 201: the request made a new resource; name it in a `Location` field.
    public static let created = HTTPStatus(code: 201, reason: "Created")
    /// 204: done, with nothing to show; give it an empty body.
    public static let noContent = HTTPStatus(code: 204, reason: "No Content")
    /// 301: the resource has a new URL for good; browsers and caches remember it, and may turn a
    /// POST into a GET.
    public static let movedPermanently = HTTPStatus(code: 301, reason: "Moved Permanently")
    /// 302: the resource is elsewhere for now; after a form, `seeOther` says plainly that the next
    /// request is a GET.
    public static let found = HTTPStatus(code: 302, reason: "Found")
    /// 303: fetch the answer from `Location` with a GET, as after a form POST;
    /// `Response.redirect(to:status:)`'s default.
    public static let seeOther = HTTPStatus(code: 303, reason: "See Other")
    /// 304: the client's cached copy (named by `If-None-Match`) is current; send validators and
    /// caching fields only, no body.
    public static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    /// 400: the request is malformed; also the server's own answer to a body whose length is stated
    /// ambiguously.
    public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    /// 403: the request is understood and refused; asking again changes nothing.
    public static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    /// 404: nothing is at this path.
    public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    /// 405: the resource does not take this method; list those it takes in an `Allow` field, as the
    /// server does for a method outside `HTTPMethod`.
    public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    /// 406: no form of the resource matches the request's `Accept` fields.
    public static let notAcceptable = HTTPStatus(code: 406, reason: "Not Acceptable")
    /// 413 (RFC 9110's "Content Too Large"): the server's own answer to a body over
    /// `ServerConfiguration.maxBodySize`.
    public static let payloadTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    /// 414: the request target is longer than the server accepts.
    public static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    /// 415: the body is of a type the endpoint does not take (a form where JSON is expected).
    public static let unsupportedMediaType = HTTPStatus(code: 415, reason: "Unsupported Media Type")
    /// 422: well-formed, but it cannot be acted on, such as a form whose values are wrong.
    public static let unprocessableContent = HTTPStatus(code: 422, reason: "Unprocessable Content")
    /// 429: the client is sending too fast; say when to try again with `Retry-After`.
    public static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
    /// 500: the server failed; what any error other than `HTTPError` becomes, without detail.
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    /// 503: the server cannot answer now; a request past its deadline gets it with `Retry-After`
    /// (see `HTTPError.unavailable(_:retryAfter:)`).
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
}
