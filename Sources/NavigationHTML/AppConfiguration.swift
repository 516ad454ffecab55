import Foundation
import Logging
import MicroHTTP

/// Where a ``NavigationServer`` listens and what it believes, set in code or read from the
/// environment:
///
/// | variable | meaning | default |
/// |---|---|---|
/// | `HOST` | the address to listen on | `127.0.0.1` |
/// | `PORT` | the port (0: a free one, which the log names) | `8080` |
/// | `NAVIGATION_SECRET` | the cookie's secrets, newest first, separated by commas (16 characters or more each) | one made for the run |
/// | `NAVIGATION_SECRET_FILE` | a file of secrets, one a line, newest first (instead of the above) | |
/// | `TRUSTED_PROXY` | the addresses of the proxies whose `X-Forwarded-*` are believed, separated by commas | none |
/// | `LOG_LEVEL` | `trace`, `debug`, `info`, `notice`, `warning`, `error` or `critical` | `info` |
///
/// ```swift
/// let server = try NavigationServer(app: ShelfApp())                                  // the environment's
/// let fixed = try NavigationServer(app: ShelfApp(), configuration: .init(port: 9000, secrets: [secret]))
/// ```
///
/// Without a secret the cookies are signed with one made for the run, and last until a restart;
/// several instances of one app need the same secrets (the article "Deploying" says how to rotate
/// them).
public struct AppConfiguration: Sendable {
    /// The address to listen on: `127.0.0.1` (this machine only) by default, `0.0.0.0` for every
    /// IPv4 address.
    public var host: String
    /// The port; 0 picks a free one, which the log names.
    public var port: Int
    /// Newest first: the first signs, every one verifies.
    public var secrets: [String]
    /// IPv4 or IPv6 literals (`ServerConfiguration.trustedProxies`).
    public var trustedProxies: [String]
    /// The state cookie's name over plain http (`__Host-` and it over https).
    public var cookieName: String
    /// The log's level; the logger's own when nil.
    public var logLevel: Logger.Level?

    /// A configuration in code; what is not given keeps the table's default.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, secrets: [String] = [], trustedProxies: [String] = [],
        cookieName: String = "nav", logLevel: Logger.Level? = nil
    ) {
        self.host = host
        self.port = port
        self.secrets = secrets
        self.trustedProxies = trustedProxies
        self.cookieName = cookieName
        self.logLevel = logLevel
    }

    /// The configuration `environment` sets (the table above); what it leaves unset keeps its default.
    ///
    /// - Throws: ``Problem``, naming the variable and what it should be.
    public init(environment: [String: String]) throws {
        self.init()
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        if let host = value("HOST") { self.host = host }
        if let text = value("PORT") {
            guard let port = Int(text), (0...65535).contains(port) else { throw Problem.port(text) }
            self.port = port
        }
        if let path = value("NAVIGATION_SECRET_FILE") {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw Problem.secretFile(path) }
            secrets = text.split(whereSeparator: \.isNewline).map(String.init)
        } else if let text = value("NAVIGATION_SECRET") {
            secrets = text.split(separator: ",").map(String.init)
        }
        secrets = secrets.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let short = secrets.first(where: { $0.count < 16 }) { throw Problem.shortSecret(length: short.count) }
        if let text = value("TRUSTED_PROXY") {
            trustedProxies = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let bad = trustedProxies.first(where: { !ServerConfiguration.isProxyAddress($0) }) { throw Problem.trustedProxy(bad) }
        }
        if let text = value("LOG_LEVEL") {
            guard let level = Logger.Level(rawValue: text.lowercased()) else { throw Problem.logLevel(text) }
            logLevel = level
        }
    }

    /// The process's environment.
    public static var processEnvironment: [String: String] { ProcessInfo.processInfo.environment }

    /// A configuration that cannot work, with what to write instead.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// `PORT` is not a port number.
        case port(String)
        /// `NAVIGATION_SECRET_FILE` names a file that cannot be read.
        case secretFile(String)
        /// A secret has fewer than 16 characters.
        case shortSecret(length: Int)
        /// `TRUSTED_PROXY` names something that is not an IP address.
        case trustedProxy(String)
        /// `LOG_LEVEL` is not a level.
        case logLevel(String)

        public var description: String {
            switch self {
            case .port(let text): "PORT is \"\(text)\": write a port number from 0 to 65535."
            case .secretFile(let path): "NAVIGATION_SECRET_FILE names \"\(path)\", which cannot be read."
            case .shortSecret(let length):
                "A secret of \(length) characters is too short: each secret needs 16 or more (64 random hexadecimal digits are best)."
            case .trustedProxy(let text): "TRUSTED_PROXY names \"\(text)\": write IPv4 or IPv6 addresses, separated by commas."
            case .logLevel(let text): "LOG_LEVEL is \"\(text)\": write trace, debug, info, notice, warning, error or critical."
            }
        }
    }
}
