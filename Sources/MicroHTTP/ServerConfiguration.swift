import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the server listens and the limits that protect it.
///
/// `host` is an IPv4 or IPv6 literal, or "localhost" (127.0.0.1); names are not
/// resolved. Counts and sizes must be positive (`port` may be 0 to pick a free
/// port); `Server.start()` throws `ServerError.invalidConfiguration` otherwise.
public struct ServerConfiguration: Sendable {
    /// The address to listen on; by default 127.0.0.1, which only this machine can reach. One that
    /// is not a literal or "localhost" makes `Server.start()` throw `ServerError.invalidHost`.
    public var host: String
    /// The TCP port, in 0...65535 (default 8080); 0 lets the system pick a free one, which
    /// `Server.port` reports once started.
    public var port: Int
    /// Worker threads, each running requests to completion one at a time. The default is
    /// one per CPU the process may run on: a thread more than that only waits for a core,
    /// and the connections it owns wait a whole scheduler time slice with it (pinned to one
    /// core under 32 connections, two workers measured a p99 of 6.3 ms, one 4.4 ms).
    public var threads: Int
    /// Connections open at once (default 4096: room for `eventStreamLimit` streams beside
    /// ordinary requests; the process needs a file descriptor for each). libmicrohttpd shares it
    /// evenly among the `threads` workers, and a worker at its share stops accepting: past the
    /// limit, new connections wait unaccepted in the kernel's queue until one closes.
    public var connectionLimit: Int
    /// Connections open at once from one peer address (default 256); one more is accepted and
    /// closed at once, unanswered. Not applied when `trustedProxies` is set: a proxy speaks for
    /// many clients (one connection for each event stream), so limit them at the proxy.
    public var perIPConnectionLimit: Int
    /// Seconds of inactivity before a connection is closed (libmicrohttpd's own
    /// default is never).
    public var connectionTimeout: Int
    /// Bytes of memory per connection for reading headers and buffering; a request
    /// whose headers do not fit is refused by libmicrohttpd with 431. 32 KB (libmicrohttpd's
    /// own default) takes about 15 KB of cookies: libmicrohttpd copies the `Cookie` header to
    /// split it, so cookies take twice their size (16 KB would take 7 KB, too few beside a 4 KB
    /// state cookie). libmicrohttpd clears all of it for every request and each kept-alive
    /// connection keeps it resident, so a larger value costs CPU and memory.
    public var connectionMemoryLimit: Int
    /// Request bodies larger than this are answered `413` without calling the
    /// responder.
    public var maxBodySize: Int
    /// How long a request may wait for its responder once it has arrived. A responder that
    /// waits (see `HTTPResponder`) longer is cancelled and the client gets `503 Service
    /// Unavailable` with `Retry-After`; the same happens at once when the client closes the
    /// connection while waiting. Checked every 50 ms.
    public var requestDeadline: Duration = .seconds(5)
    /// Bytes of freed memory each malloc arena keeps instead of handing them back to the
    /// kernel (glibc's `M_TRIM_THRESHOLD`, which is process-wide), set by `Server.start()`; nil
    /// leaves glibc's default. Requests allocate and free across the worker threads, and by
    /// default the arenas' tops go back to the kernel after a request and are faulted in again
    /// by the next: a sixth of the server's CPU under load, measured with perf.
    public var retainedFreeMemory: Int? = 64 << 20
    /// The addresses (IPv4 or IPv6 literals) of proxies in front of the server, such as nginx
    /// terminating TLS, whose `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host`
    /// are believed: a request from one of them gets `Request.clientAddress`,
    /// `forwardedScheme` and `forwardedHost` from those headers. From any other address the
    /// headers are not read, so a client cannot claim to be someone else or to use https.
    public var trustedProxies: [String] = []
    /// How long `Server.run()` waits for the requests in flight once a graceful shutdown begins
    /// (see `Server.shutdown(timeout:quietPeriod:)`).
    public var shutdownTimeout: Duration = .seconds(10)
    /// Event streams (`Response.events(_:)`) open at once (default 2,000); one more is answered
    /// `503` with `Retry-After`. Keep it below `connectionLimit`.
    public var eventStreamLimit = 2000
    /// Event streams open at once for one client address (default 32; a trusted proxy's
    /// forwarded address counts); one more is answered `429` with `Retry-After`.
    public var eventStreamsPerAddress = 32
    /// How long an event stream may stay silent before the server sends a comment on it
    /// (default 25 s): under the read timeouts of proxies (nginx's is 60 s), so that they keep it.
    public var eventStreamHeartbeat: Duration = .seconds(25)

    /// Everything but `requestDeadline`, `retainedFreeMemory`, `trustedProxies`,
    /// `shutdownTimeout` and the event streams' limits, which are set as properties. Nothing is
    /// checked here: `Server.start()` throws `ServerError.invalidConfiguration` for a value out
    /// of range.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        threads: Int = ServerConfiguration.availableCores,
        connectionLimit: Int = 4096,
        perIPConnectionLimit: Int = 256,
        connectionTimeout: Int = 30,
        connectionMemoryLimit: Int = 32 * 1024,
        maxBodySize: Int = 64 * 1024
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.connectionLimit = connectionLimit
        self.perIPConnectionLimit = perIPConnectionLimit
        self.connectionTimeout = connectionTimeout
        self.connectionMemoryLimit = connectionMemoryLimit
        self.maxBodySize = maxBodySize
    }

    /// The number of CPUs this process may run on (at least 1): its CPU affinity where the
    /// system reports one (`taskset`, a container's cpuset), else the cores online.
    public static var availableCores: Int {
        let allowed = Int(shim_available_cpus())
        return max(1, allowed > 0 ? allowed : Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Whether `text` is an IPv4 or IPv6 literal, as `trustedProxies` takes (brackets optional).
    public static func isIPAddress(_ text: String) -> Bool {
        TrustedProxies.normalized(text) != nil
    }

    /// Why the configuration cannot be used, or nil when it can.
    var problem: String? {
        if !(0...65535).contains(port) { return "port \(port) is not in 0...65535" }
        let limits: [(String, Int)] = [
            ("threads", threads), ("connectionLimit", connectionLimit),
            ("perIPConnectionLimit", perIPConnectionLimit),
            ("connectionTimeout", connectionTimeout),
            ("connectionMemoryLimit", connectionMemoryLimit), ("maxBodySize", maxBodySize),
        ]
        for (name, value) in limits where !(1...Int(UInt32.max)).contains(value) {
            return "\(name) must be positive, got \(value)"
        }
        if let wrong = trustedProxies.first(where: { TrustedProxies.normalized($0) == nil }) {
            return "trusted proxy \"\(wrong)\" is not an IP address"
        }
        if shutdownTimeout < .zero { return "shutdownTimeout must not be negative, got \(shutdownTimeout)" }
        if requestDeadline <= .zero { return "requestDeadline must be positive, got \(requestDeadline)" }
        if eventStreamLimit < 0 { return "eventStreamLimit must not be negative, got \(eventStreamLimit)" }
        if eventStreamsPerAddress < 0 { return "eventStreamsPerAddress must not be negative, got \(eventStreamsPerAddress)" }
        if eventStreamHeartbeat <= .zero { return "eventStreamHeartbeat must be positive, got \(eventStreamHeartbeat)" }
        return nil
    }
}

extension ServerConfiguration {
    /// Whether `text` is an address `trustedProxies` takes: an IPv4 or IPv6 literal.
    public static func isProxyAddress(_ text: String) -> Bool {
        TrustedProxies([text]) != nil
    }
}
