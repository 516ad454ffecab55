import Foundation
import MicroHTTP
import Navigation

/// The cookie that keeps a visitor signed in: which account, which of its sign-ins, and until
/// when — signed with the app's keys, so the server keeps no sessions, as it keeps no state.
/// The app checks the ``Session/generation`` against the account's own on every request and
/// moves the account's when it signs out or changes its password: every copy of the cookie
/// taken before then opens nothing.
///
/// ```swift
/// let sessions = SignInCookie(keys: keys)                        // 14 days
/// func identity(for request: Request) async throws -> Account? {
///     guard let session = sessions.session(in: request),
///           let account = try await store.account(id: session.account),
///           account.sessionGeneration == session.generation else { return nil }
///     return account
/// }
/// ```
///
/// The cookie is `HttpOnly` and `SameSite=Lax`; over https (as a trusted proxy reports it) it is
/// `Secure` and named `__Host-` and ``name``, which no plain-http page or other subdomain can set.
public struct SignInCookie: Sendable {
    /// Who is signed in, as a cookie that verified says.
    public struct Session: Sendable, Hashable {
        /// The account's id, as the app gave it to ``SignInCookie/setCookie(account:generation:for:now:)``.
        public let account: String
        /// The account's session generation when it signed in.
        public let generation: Int
        /// When the sign-in ends, whatever the browser does with the cookie.
        public let expires: Date
    }

    /// The cookie's name over plain http; over https, `__Host-` and this.
    public let name: String
    /// How long a sign-in lasts: the cookie's `Max-Age`, and the end written inside it, which
    /// counts even if a browser keeps the cookie longer.
    public let lifetime: Duration
    private let keys: KeyRing

    /// A sign-in cookie signed with `keys` (those of the state cookie suit: tokens of each kind
    /// are signed apart), named `name`, lasting `lifetime` (14 days by default).
    public init(keys: KeyRing, name: String = "session", lifetime: Duration = .seconds(14 * 24 * 60 * 60)) {
        self.keys = keys
        self.name = name
        self.lifetime = lifetime
    }

    /// The session the request's cookie holds, or nil when it has none, or one that is not
    /// signed with these keys, is malformed, or has ended.
    public func session(in request: Request, now: Date = Date()) -> Session? {
        guard let value = request.cookies[cookieName(for: request)],
              let message = keys.open(value, purpose: "sign-in")
        else { return nil }
        let parts = message.split(separator: "\n", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, let generation = Int(parts[1]), let end = Int(parts[2]),
              case let expires = Date(timeIntervalSince1970: TimeInterval(end)), expires > now
        else { return nil }
        return Session(account: String(parts[0]), generation: generation, expires: expires)
    }

    /// The cookie that signs `account` in, at its session `generation`, for ``lifetime``; answer
    /// it with `SubmissionOutcome.signIn(_:cookie:then:)`. The account's id may hold any
    /// character but a newline.
    public func setCookie(account: String, generation: Int, for request: Request, now: Date = Date()) -> SetCookie {
        let seconds = Int(lifetime.components.seconds)
        let end = Int(now.timeIntervalSince1970) + seconds
        let value = keys.seal("\(account.replacingOccurrences(of: "\n", with: " "))\n\(generation)\n\(end)", purpose: "sign-in")
        return SetCookie(name: cookieName(for: request), value: value, maxAge: seconds, secure: request.isHTTPS)
    }

    /// The cookie that removes the sign-in from the browser; answer it with
    /// `SubmissionOutcome.signOut(cookie:then:)`, after moving the account's session generation.
    public func removal(for request: Request) -> SetCookie {
        SetCookie(name: cookieName(for: request), value: "", maxAge: 0, secure: request.isHTTPS)
    }

    private func cookieName(for request: Request) -> String {
        request.isHTTPS ? "__Host-" + name : name
    }
}
