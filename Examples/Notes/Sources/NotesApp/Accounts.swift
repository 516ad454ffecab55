import Logging
import MicroHTTP
import Navigation
import NavigationHTML

/// Signing in and out: the sign-in cookie checked against the account's session generation on
/// every request, passwords checked with scrypt one at a time, guessing throttled.
public struct Accounts: Sendable {
    let store: NoteStore
    let sessions: SignInCookie
    let passwords: PasswordHasher
    let throttle: SignInThrottle
    private let gate = HashingGate()

    public init(store: NoteStore, sessions: SignInCookie, passwords: PasswordHasher, throttle: SignInThrottle) {
        self.store = store
        self.sessions = sessions
        self.passwords = passwords
        self.throttle = throttle
    }

    /// The account the request's sign-in cookie names, while that sign-in has not ended.
    func signedIn(_ request: Request) throws -> Account? {
        guard let session = sessions.session(in: request), let id = Int64(session.account),
              let account = try store.account(id: id), account.sessionGeneration == session.generation
        else { return nil }
        return account
    }

    /// Checks the name and password: 429 while the name or the address is throttled, the same
    /// 422 for an unknown name as for a wrong password (and the same work), a new sign-in
    /// otherwise, back to the screen that asked for it.
    func signIn(_ form: Submission, context: ScreenContext<NotesNavigation>) async throws -> SubmissionOutcome<NotesNavigation> {
        let name = form["name"]
        let password = form.fields["password"] ?? ""
        guard !name.isEmpty, !password.isEmpty else {
            return .invalid("Enter your name and password.")
        }
        guard name.count <= 64, password.count <= PasswordHasher.maximumLength else {
            return .invalid("The name or password is too long.")
        }
        let address = context.clientAddress
        if let seconds = throttle.retryAfter(name: name, address: address) {
            context.logger.notice("Sign-in refused: too many failures", metadata: ["address": "\(address)"])
            throw HTTPError(.tooManyRequests, "Too many failed sign-ins. Try again in \((seconds + 59) / 60) minutes.",
                            headers: HTTPHeaders([("Retry-After", String(seconds))]))
        }
        let found = try store.account(named: name)
        let passwords = passwords
        let matches = try await gate.run { try passwords.verify(password, against: found?.passwordHash) }
        guard let account = found?.account, matches else {
            throttle.recordFailure(name: name, address: address)
            context.logger.notice("Sign-in failed", metadata: ["address": "\(address)"])
            return .invalid("The name or password is not right.")
        }
        throttle.recordSuccess(name: name)
        context.logger.info("Signed in", metadata: ["account": "\(account.id)"])
        let cookie = sessions.setCookie(account: String(account.id), generation: account.sessionGeneration,
                                        for: context.request)
        return .signIn(account, cookie: cookie, then: [.dismiss])
    }

    /// Ends every sign-in of the account, this browser's and any copy of its cookie.
    func signOut(_ account: Account, context: ScreenContext<NotesNavigation>) throws -> SubmissionOutcome<NotesNavigation> {
        try store.endSessions(of: account)
        context.logger.info("Signed out", metadata: ["account": "\(account.id)"])
        return .signOut(cookie: sessions.removal(for: context.request), then: [])
    }
}
