extension TestBrowser {
    /// How a test browser behaves where browsers differ or a test needs a say.
    public struct Settings: Sendable {
        /// Whether redirects are followed (true, as a browser does) or handed back as they are
        /// (to assert on a `303` and its `Location` itself).
        public var followsRedirects: Bool
        /// The most redirects followed for one request; one more throws
        /// `BrowserError.tooManyRedirects`.
        public var redirectLimit: Int
        /// When set, the browser reaches the server through this proxy: see `ForwardingProxy`.
        public var proxy: ForwardingProxy?
        /// How long a live request may take to be sent and answered before it fails.
        public var timeout: Duration

        /// Settings with a browser's defaults: redirects followed, up to 20, no proxy, and 30
        /// seconds to answer.
        public init(
            followsRedirects: Bool = true, redirectLimit: Int = 20, proxy: ForwardingProxy? = nil,
            timeout: Duration = .seconds(30)
        ) {
            self.followsRedirects = followsRedirects
            self.redirectLimit = redirectLimit
            self.proxy = proxy
            self.timeout = timeout
        }
    }
}

/// A reverse proxy the browser is behind, such as nginx terminating TLS: every request carries
/// the `X-Forwarded-Proto`, `X-Forwarded-Host` and `X-Forwarded-For` it would add, and the
/// browser's origin is the proxy's (`https://notes.example`), so `Origin` says that, and
/// `Secure` and `__Host-` cookies (the state cookie's https name) are kept and sent.
///
/// The server believes the headers only from a trusted proxy: list the browser's address,
/// `127.0.0.1`, in `ServerConfiguration.trustedProxies`.
public struct ForwardingProxy: Sendable, Hashable {
    /// `https` or `http`: the scheme the proxy received the request with.
    public var scheme: String
    /// The host (and port, if any) the browser asked the proxy for.
    public var host: String
    /// The address the proxy reports the browser connecting from.
    public var clientAddress: String

    /// A proxy reached with `scheme` at `host`, reporting the client at `clientAddress`.
    public init(scheme: String, host: String, clientAddress: String = "203.0.113.7") {
        self.scheme = scheme
        self.host = host
        self.clientAddress = clientAddress
    }

    /// A proxy terminating TLS for `host`.
    public static func https(host: String) -> ForwardingProxy {
        ForwardingProxy(scheme: "https", host: host)
    }

    /// The origin the browser sees: `https://notes.example`.
    public var origin: String {
        scheme + "://" + host
    }
}
