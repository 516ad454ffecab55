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
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// One of the methods responders see: a request with any other was answered `405` before.
    public var method: HTTPMethod {
        get { storage.method }
        _modify { yield &unique.method }
    }
    /// The URL path, percent-decoded by libmicrohttpd, without the query string.
    public var path: String {
        get { storage.path }
        _modify { yield &unique.path }
    }
    /// The query string's arguments, the first of each name.
    public var query: [String: String] {
        get { storage.query }
        _modify { yield &unique.query }
    }
    /// Every argument of the query string in order, repeated names kept (`?tag=a&tag=b`), for
    /// a filter that takes several values; see `queryValues(_:)`.
    public var queryItems: [(name: String, value: String)] {
        get { storage.queryItems }
        _modify { yield &unique.queryItems }
    }
    /// The header fields as the client sent them, in order, repeats kept. `X-Forwarded-*` are here
    /// whoever sent them: a trusted proxy's word is in `clientAddress`, `forwardedScheme` and
    /// `forwardedHost`.
    public var headers: HTTPHeaders {
        get { storage.headers }
        _modify { yield &unique.headers }
    }
    /// The cookies of the `Cookie` header(s).
    public var cookies: [String: String] {
        get { storage.cookies }
        _modify { yield &unique.cookies }
    }
    /// The fields of an `application/x-www-form-urlencoded` or
    /// `multipart/form-data` POST body; empty for any other body. File parts of a
    /// multipart body are skipped.
    public var form: [String: String] {
        get { storage.form }
        _modify { yield &unique.form }
    }
    /// The client's IP address as text ("203.0.113.7", "2001:db8::1"): the connection's peer,
    /// or, when that peer is one of `ServerConfiguration.trustedProxies`, the address the proxy
    /// received the request from (the last `X-Forwarded-For` entry). "" when unknown.
    public var clientAddress: String {
        get { storage.clientAddress }
        _modify { yield &unique.clientAddress }
    }
    /// The scheme the client used, "https" or "http", as a trusted proxy reported it
    /// (`X-Forwarded-Proto`). Nil when no trusted proxy said: the server itself speaks plain
    /// HTTP, but a proxy it does not trust may have received the request over https.
    public var forwardedScheme: String? {
        get { storage.forwardedScheme }
        _modify { yield &unique.forwardedScheme }
    }
    /// The host the client asked for, as a trusted proxy reported it (`X-Forwarded-Host`).
    public var forwardedHost: String? {
        get { storage.forwardedHost }
        _modify { yield &unique.forwardedHost }
    }
    /// The body as it arrived, for any content type but a form's (`form` holds those fields):
    /// JSON, XML, plain text, a webhook's payload. Never larger than
    /// `ServerConfiguration.maxBodySize`: a larger body is answered `413` before any responder.
    public var body: [UInt8] {
        get { storage.body }
        _modify { yield &unique.body }
    }
    /// The request's id: the `X-Request-Id` a trusted proxy sent (1 to 128 letters, digits,
    /// `-`, `_`, `.`, `:` or `+`), else one the server made, unique to this process. The server
    /// answers it in `X-Request-Id` and `logger` names it in every line.
    public var id: String {
        get { storage.id }
        _modify { yield &unique.id }
    }
    /// The server's logger (see `logger`).
    var baseLogger: Logger {
        get { storage.baseLogger }
        _modify { yield &unique.baseLogger }
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
        storage = Storage(
            method: method, path: path, query: query,
            queryItems: queryItems ?? query.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) },
            headers: headers, cookies: cookies, form: form, clientAddress: clientAddress,
            forwardedScheme: forwardedScheme, forwardedHost: forwardedHost, body: body, id: id, baseLogger: logger)
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
    /// The box the copies of a request share (see `storage`); changed only through `Request`'s
    /// accessors, which copy it first unless they hold the only reference. Its fields are not
    /// checked for exclusive access at run time: only one request changes a box, and the
    /// compiler checks that request's own accesses. Checked, the begin and end of every access
    /// cost the static file's request 1.1 % more instructions than before the box.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var method: HTTPMethod
        @exclusivity(unchecked) var path: String
        @exclusivity(unchecked) var query: [String: String]
        @exclusivity(unchecked) var queryItems: [(name: String, value: String)]
        @exclusivity(unchecked) var headers: HTTPHeaders
        @exclusivity(unchecked) var cookies: [String: String]
        @exclusivity(unchecked) var form: [String: String]
        @exclusivity(unchecked) var clientAddress: String
        @exclusivity(unchecked) var forwardedScheme: String?
        @exclusivity(unchecked) var forwardedHost: String?
        @exclusivity(unchecked) var body: [UInt8]
        @exclusivity(unchecked) var id: String
        @exclusivity(unchecked) var baseLogger: Logger

        init(
            method: HTTPMethod, path: String, query: [String: String], queryItems: [(name: String, value: String)],
            headers: HTTPHeaders, cookies: [String: String], form: [String: String], clientAddress: String,
            forwardedScheme: String?, forwardedHost: String?, body: [UInt8], id: String, baseLogger: Logger
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.queryItems = queryItems
            self.headers = headers
            self.cookies = cookies
            self.form = form
            self.clientAddress = clientAddress
            self.forwardedScheme = forwardedScheme
            self.forwardedHost = forwardedHost
            self.body = body
            self.id = id
            self.baseLogger = baseLogger
        }

        func copy() -> Storage {
            Storage(
                method: method, path: path, query: query, queryItems: queryItems, headers: headers, cookies: cookies,
                form: form, clientAddress: clientAddress, forwardedScheme: forwardedScheme, forwardedHost: forwardedHost,
                body: body, id: id, baseLogger: baseLogger)
        }
    }
}
