/// Why a server could not start.
public enum ServerError: Error, Sendable, Equatable {
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
}
