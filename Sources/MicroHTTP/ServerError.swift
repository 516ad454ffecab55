/// Why a server could not start.
public enum ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value of `ServerConfiguration` is out of range; the text says which.
    case invalidConfiguration(String)
    /// `host` is neither an IP literal nor "localhost".
    case invalidHost(String)
    /// `start()` was called on a server that was already started (servers are
    /// not restartable after `shutdown()` either).
    case alreadyStarted
    /// libmicrohttpd refused to start, typically because the address is in use;
    /// the text names the address and the system's last error.
    case startFailed(String)

    /// One line that says what went wrong, for a log or a terminal.
    public var description: String {
        switch self {
        case .invalidConfiguration(let problem): "invalid server configuration: \(problem)"
        case .invalidHost(let host): "cannot listen on \"\(host)\": not an IP address or localhost"
        case .alreadyStarted: "the server was started before"
        case .startFailed(let reason): reason
        }
    }
}
