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
    /// otherwise, back to the screen that asked for it. The attempt is counted before its
    /// password is hashed, so sign-ins sent all at once get no more tries than one at a time.
    func signIn(_ form: Submission, context: ScreenContext<NotesNavigation>) async throws -> SubmissionOutcome<NotesNavigation> {
        let name = try form.text("name", Account.nameRule)
        let password = form.fields["password"] ?? ""   // as typed: spaces at its ends are its own
        if case .failure(let problem) = PasswordHasher.rule.check(password) {
            throw InvalidField("password", message: problem.message)
        }
        let address = context.clientAddress
        let attempt: SignInThrottle.Attempt
        switch throttle.admit(name: name, address: address) {
        case .failure(let refusal):
            context.logger.notice("Sign-in refused: too many failures", metadata: ["address": "\(address)"])
            throw HTTPError(.tooManyRequests, "Too many failed sign-ins. Try again in \((refusal.retryAfter + 59) / 60) minutes.",
                            headers: HTTPHeaders([("Retry-After", String(refusal.retryAfter))]))
        case .success(let admitted):
            attempt = admitted
        }
        let found: (account: Account, passwordHash: String)?
        let matches: Bool
        do {
            found = try store.account(named: name)
            let passwords = passwords
            matches = try await gate.run { try passwords.verify(password, against: found?.passwordHash) }
        } catch {
            throttle.withdraw(attempt)   // not checked (the store failed, or too many waited): not a guess
            throw error
        }
        guard let account = found?.account, matches else {
            throttle.failed(attempt)
            context.logger.notice("Sign-in failed", metadata: ["address": "\(address)"])
            return .invalid("The name or password is not right.")
        }
        throttle.succeeded(attempt)
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
