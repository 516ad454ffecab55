/// An HTTP request as the server hands it to a responder.
///
/// Every field was parsed by libmicrohttpd; strings that were not valid UTF-8
/// have had the bad bytes replaced with U+FFFD. Where a name repeats (query,
/// cookies, form), the first value wins. A path or query component containing
/// `%00` is passed on still percent-encoded, because a decoded NUL would cut
/// libmicrohttpd's C-string path short. The initializer exists so other layers
/// can test their responders without a server.
public struct Request: Sendable {
    public var method: HTTPMethod
    /// The URL path, percent-decoded by libmicrohttpd, without the query string.
    public var path: String
    /// The query string's arguments.
    public var query: [String: String]
    public var headers: HTTPHeaders
    /// The cookies of the `Cookie` header(s).
    public var cookies: [String: String]
    /// The fields of an `application/x-www-form-urlencoded` or
    /// `multipart/form-data` POST body; empty for any other body. File parts of a
    /// multipart body are skipped.
    public var form: [String: String]

    public init(
        method: HTTPMethod,
        path: String,
        query: [String: String] = [:],
        headers: HTTPHeaders = HTTPHeaders(),
        cookies: [String: String] = [:],
        form: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.form = form
    }
}
