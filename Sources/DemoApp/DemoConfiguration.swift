/// Where the demo server listens and what it reads. Every field has the embedded default used by
/// `navigation-demo` with no options.
public struct DemoConfiguration: Sendable {
    public var host: String
    /// 0 picks a free port; `Server.port` tells which.
    public var port: Int
    /// Holds the generated secret and, without `database`, the SQLite file.
    public var dataDirectory: String
    /// A file of secrets, newest first; when nil, `NAVIGATION_SECRET` or `<data-dir>/secret`.
    public var secretFile: String?
    public var publicDirectory: String
    public var templatesDirectory: String
    /// The PostgreSQL database holding the demo's data; nil keeps it in `<dataDirectory>/demo.sqlite`.
    public var database: DatabaseURL?
    /// How long a request may wait for its data: then it answers 503 with `Retry-After`, and
    /// PostgreSQL cancels the statement (its `statement_timeout`).
    public var requestDeadline: Duration
    /// The proxies whose `X-Forwarded-*` headers are believed (see
    /// `ServerConfiguration.trustedProxies`): behind one that reports https, the state cookie is
    /// `Secure` and named with the `__Host-` prefix.
    public var trustedProxies: [String]
    /// Sent as `X-Instance` with every answer, so that behind a load balancer each response
    /// names the instance that made it; nil sends nothing.
    public var instanceName: String?
    /// Serves the request metrics at `/metrics` in Prometheus's text format (`--metrics`).
    public var servesMetrics = false
    /// How many connections the PostgreSQL store holds to its database at most
    /// (`--database-connections`): each page holds one while it reads, so this many pages read
    /// at once (less the listener's) and the rest wait for one.
    public var databaseConnections = 16
    /// Whether those connections are opened at start and kept open, as `navigation-demo` does:
    /// then a page that gives one back costs the pool no timer (see ``PostgresDemoStore``).
    /// Off, they are opened on demand and closed after a minute unused (many test servers
    /// share one database).
    public var keepsDatabaseConnectionsOpen = false
    /// How long connecting to PostgreSQL may take before the store says it is unreachable: 2 s,
    /// as a server should fail over; the tests give their many servers on one busy throwaway
    /// cluster longer (its backends fork while every core is taken).
    public var databaseConnectTimeout: Duration = .seconds(2)

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: String = "data",
        secretFile: String? = nil,
        publicDirectory: String = "Public",
        templatesDirectory: String = "Templates",
        database: DatabaseURL? = nil,
        requestDeadline: Duration = .seconds(5),
        trustedProxies: [String] = [],
        instanceName: String? = nil
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.secretFile = secretFile
        self.publicDirectory = publicDirectory
        self.templatesDirectory = templatesDirectory
        self.database = database
        self.requestDeadline = requestDeadline
        self.trustedProxies = trustedProxies
        self.instanceName = instanceName
    }

    /// Whether `name` can be an `instanceName`: 1 to 64 letters, digits, `-`, `_` and `.`.
    public static func isInstanceName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }
}
