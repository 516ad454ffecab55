import Logging

/// An HTTP request as the server hands it to a responder.
///
/// Every field was parsed by libmicrohttpd; strings that were not valid UTF-8
/// have had the bad bytes replaced with U+FFFD. Where a name repeats (query,
/// cookies, form), the first value wins; `queryItems` keeps every one. A path or query component containing
/// `%00` is passed on still percent-encoded, because a decoded NUL would cut
/// libmicrohttpd's C-string path short. The initializer exists so other layers
/// can test their responders without a server.
public struct Request: Sendable {
    /// The fields, held once: a request is handed from the server to the responders, the log and
    /// the page's context, and each copy of a dozen strings and collections was a retain and a
    /// release of each (a page request copied it six times). Copies share one box, and a change
    /// copies it first when another copy holds it.
    private var storage: Storage

    /// The box, copied first when another request shares it: what a change goes through.
    private var unique: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            return storage
        }
    }

    /// One of the methods responders see: a request with any other was answered `405` before.
    public var method: HTTPMethod {
        get { storage.fields.method }
        _modify { yield &unique.fields.method }
    }
    /// The URL path, percent-decoded by libmicrohttpd, without the query string.
    public var path: String {
        get { storage.fields.path }
        _modify { yield &unique.fields.path }
    }
    /// The query string's arguments, the first of each name.
    public var query: [String: String] {
        get { storage.fields.query }
        _modify { yield &unique.fields.query }
    }
    /// Every argument of the query string in order, repeated names kept (`?tag=a&tag=b`), for
    /// a filter that takes several values; see `queryValues(_:)`.
    public var queryItems: [(name: String, value: String)] {
        get { storage.fields.queryItems }
        _modify { yield &unique.fields.queryItems }
    }
    /// The header fields as the client sent them, in order, repeats kept. `X-Forwarded-*` are here
    /// whoever sent them: a trusted proxy's word is in `clientAddress`, `forwardedScheme` and
    /// `forwardedHost`.
    public var headers: HTTPHeaders {
        get { storage.fields.headers }
        _modify { yield &unique.fields.headers }
    }
    /// The cookies of the `Cookie` header(s).
    public var cookies: [String: String] {
        get { storage.fields.cookies }
        _modify { yield &unique.fields.cookies }
    }
    /// The fields of an `application/x-www-form-urlencoded` or
    /// `multipart/form-data` POST body; empty for any other body. File parts of a
    /// multipart body are skipped.
    public var form: [String: String] {
        get { storage.fields.form }
        _modify { yield &unique.fields.form }
    }
    /// The client's IP address as text ("203.0.113.7", "2001:db8::1"): the connection's peer,
    /// or, when that peer is one of `ServerConfiguration.trustedProxies`, the address the proxy
    /// received the request from (the last `X-Forwarded-For` entry). "" when unknown.
    public var clientAddress: String {
        get { storage.fields.clientAddress }
        _modify { yield &unique.fields.clientAddress }
    }
    /// The scheme the client used, "https" or "http", as a trusted proxy reported it
    /// (`X-Forwarded-Proto`). Nil when no trusted proxy said: the server itself speaks plain
    /// HTTP, but a proxy it does not trust may have received the request over https.
    public var forwardedScheme: String? {
        get { storage.fields.forwardedScheme }
        _modify { yield &unique.fields.forwardedScheme }
    }
    /// The host the client asked for, as a trusted proxy reported it (`X-Forwarded-Host`).
    public var forwardedHost: String? {
        get { storage.fields.forwardedHost }
        _modify { yield &unique.fields.forwardedHost }
    }
    /// The body as it arrived, for any content type but a form's (`form` holds those fields):
    /// JSON, XML, plain text, a webhook's payload. Never larger than
    /// `ServerConfiguration.maxBodySize`: a larger body is answered `413` before any responder.
    public var body: [UInt8] {
        get { storage.fields.body }
        _modify { yield &unique.fields.body }
    }
    /// The request's id: the `X-Request-Id` a trusted proxy sent (1 to 128 letters, digits,
    /// `-`, `_`, `.`, `:` or `+`), else one the server made, unique to this process. The server
    /// answers it in `X-Request-Id` and `logger` names it in every line.
    public var id: String {
        get { storage.fields.id }
        _modify { yield &unique.fields.id }
    }
    /// The server's logger (see `logger`).
    var baseLogger: Logger {
        get { storage.fields.baseLogger }
        _modify { yield &unique.fields.baseLogger }
    }

    /// A request as the server would hand it over, for tests. Nothing is parsed or derived:
    /// `query`, `cookies` and `form` are taken as given, not read from `path` or `headers`, and a
    /// `clientAddress` of "" means unknown. `queryItems` defaults to `query`'s arguments, by name.
    public init(
        method: HTTPMethod,
        path: String,
        query: [String: String] = [:],
        queryItems: [(name: String, value: String)]? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        cookies: [String: String] = [:],
        form: [String: String] = [:],
        clientAddress: String = "",
        forwardedScheme: String? = nil,
        forwardedHost: String? = nil,
        body: [UInt8] = [],
        id: String = "",
        logger: Logger = Request.defaultLogger
    ) {
        storage = Storage(Fields(
            method: method, path: path, query: query,
            queryItems: queryItems ?? query.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) },
            headers: headers, cookies: cookies, form: form, clientAddress: clientAddress,
            forwardedScheme: forwardedScheme, forwardedHost: forwardedHost, body: body, id: id, baseLogger: logger))
    }

    /// The server's logger with the request's id as metadata (`request_id`): what an app logs
    /// about a request through it can be found beside the server's own lines for that request.
    public var logger: Logger {
        var logger = baseLogger
        logger[metadataKey: "request_id"] = .string(id)
        return logger
    }

    /// The logger of requests made without a server's (in tests).
    public static let defaultLogger = Logger(label: "MicroHTTP")

    /// The values of every query argument named `name`, in order: `["a", "b"]` for
    /// `?tag=a&tag=b`, empty when there is none.
    public func queryValues(_ name: String) -> [String] {
        queryItems.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The host the client asked for: a trusted proxy's `forwardedHost`, else the `Host` header.
    public var host: String? {
        forwardedHost ?? headers["Host"]
    }

    /// Whether the client reached the site over HTTPS, as a trusted proxy reported.
    public var isHTTPS: Bool {
        forwardedScheme == "https"
    }
}

extension Request {
    /// What a request holds, as the box keeps it.
    struct Fields {
        var method: HTTPMethod
        var path: String
        var query: [String: String]
        var queryItems: [(name: String, value: String)]
        var headers: HTTPHeaders
        var cookies: [String: String]
        var form: [String: String]
        var clientAddress: String
        var forwardedScheme: String?
        var forwardedHost: String?
        var body: [UInt8]
        var id: String
        var baseLogger: Logger
    }

    /// The box the copies of a request share (see `storage`); changed only through `Request`'s
    /// accessors, which copy it first unless they hold the only reference. Its fields are not
    /// checked for exclusive access at run time: only one request changes a box, and the
    /// compiler checks that request's own accesses. Checked, the begin and end of every access
    /// cost the static file's request 1.1 % more instructions than before the box.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
