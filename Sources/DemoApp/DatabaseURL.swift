import Foundation

/// Where the demo's PostgreSQL database is: `postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE`
/// (`postgres://` too), as `--database` and `DATABASE_URL` give it.
///
/// Parsing is strict, so a typo is a usage error at start rather than a connection that fails
/// later: a user, a host and a database name are required, the port must be 1...65535, and no
/// query or fragment is accepted. Percent-escapes in the user, password and database are decoded.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String

    /// Nil when `text` is not such a URL; `problem(with:)` says why.
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil, let parsed = Self.parse(text) else { return nil }
        self = parsed
    }

    /// Why `text` is not a database URL, in words for a usage message; nil when it is one.
    public static func problem(with text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme else {
            return "not a URL; expected postgresql://USER@HOST:PORT/DATABASE"
        }
        guard scheme == "postgresql" || scheme == "postgres" else {
            return "the scheme must be postgresql://, not \(scheme)://"
        }
        guard let user = components.user, !user.isEmpty else { return "it names no user (postgresql://USER@HOST/DATABASE)" }
        guard let host = components.host, !host.isEmpty else { return "it names no host" }
        if let port = components.port, !(1...65535).contains(port) { return "port \(port) is not in 1...65535" }
        if components.port == nil, text.dropFirst(scheme.count + 3).split(separator: "/").first?.hasSuffix(":") == true {
            return "the port is empty"
        }
        let path = components.percentEncodedPath
        guard path.count > 1, path.hasPrefix("/"), !path.dropFirst().contains("/") else {
            return "it names no database (…/DATABASE)"
        }
        guard components.query == nil, components.fragment == nil else { return "it has a query or fragment" }
        return nil
    }

    private static func parse(_ text: String) -> DatabaseURL? {
        guard let components = URLComponents(string: text), let user = components.user, let host = components.host,
              let database = String(components.percentEncodedPath.dropFirst()).removingPercentEncoding
        else { return nil }
        // IPv6 literals come bracketed.
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return DatabaseURL(user: user, password: components.password, host: bare, port: components.port ?? 5432,
                           database: database)
    }

    public init(user: String, password: String? = nil, host: String, port: Int = 5432, database: String) {
        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.database = database
    }

    /// The URL without its password, for logs and error messages.
    public var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "postgresql://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
    }
}
