import Foundation
import Logging
import MicroHTTP
import Navigation
import NavigationHTML

/// The server: the app's pages, and the library's own stylesheet, script and icons, which the
/// library serves itself; with `updates`, its open pages refresh themselves when a write changes
/// what they show (`Topic.notes(of:)`). Run both in a `ServiceGroup` (see `main.swift`), or in
/// tests through `NavigationTesting`.
///
/// ```swift
/// let updates = try NotesServer.updates(store: store, secret: secret)
/// let server = try NotesServer.make(port: 8080, store: store, secret: secret, updates: updates)
/// ```
public enum NotesServer {
    public static func make(
        host: String = "127.0.0.1", port: Int, store: NoteStore, secret: String, updates: LiveUpdates? = nil,
        passwords: PasswordHasher = PasswordHasher(), throttle: SignInThrottle = SignInThrottle(),
        trustedProxies: [String] = [], logger: Logger = Logger(label: "notes")
    ) throws -> Server {
        let keys = try keys(secret)
        let accounts = Accounts(store: store, sessions: SignInCookie(keys: keys), passwords: passwords, throttle: throttle)
        let responder = try NavigationResponder(
            app: NotesApp(store: store, accounts: accounts), cookie: StateCookie<NotesNavigation>(keys: keys),
            updates: updates)
        var configuration = ServerConfiguration(host: host, port: port)
        configuration.trustedProxies = trustedProxies
        // A sign-in hashes its password (a fraction of a second) and may wait its turn behind
        // others: more than the default 5 s may pass before it answers.
        configuration.requestDeadline = .seconds(30)
        return Server(configuration: configuration, responder: responder, logger: logger)
    }

    /// What keeps the server's open pages up to date: a service to run beside it, its stream
    /// tokens signed with the keys of the cookies.
    public static func updates(store: NoteStore, secret: String, logger: Logger = Logger(label: "notes")) throws -> LiveUpdates {
        LiveUpdates(store: store, keys: try keys(secret), logger: logger)
    }

    private static func keys(_ secret: String) throws -> KeyRing {
        guard let keys = KeyRing(secrets: [secret]) else { throw ShortSecret() }
        return keys
    }

    /// The cookie secret kept in `directory`'s `secret` file (readable by its owner only), made on
    /// first use: sign-ins then outlive a restart.
    public static func secret(in directory: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent("secret")
        if let secret = try? String(contentsOfFile: path, encoding: .utf8) { return secret }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let secret = KeyRing.generateSecret()
        guard FileManager.default.createFile(atPath: path, contents: Data(secret.utf8), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return secret
    }

    /// Adds an account named `name` with `password`, after checking both: what `notes add-user`
    /// does. Nothing is stored but the password's hash.
    @discardableResult
    public static func addUser(name: String, password: String, store: NoteStore, passwords: PasswordHasher = PasswordHasher()) throws -> Account {
        guard case .success = Account.nameRule.check(name) else { throw AccountError.badName }
        try check(password)
        return try store.addAccount(name: name, passwordHash: try passwords.hash(password))
    }

    /// Gives the account named `name` a new password and ends its sign-ins: `notes set-password`.
    public static func setPassword(name: String, password: String, store: NoteStore, passwords: PasswordHasher = PasswordHasher()) throws {
        try check(password)
        try store.setPasswordHash(try passwords.hash(password), ofAccountNamed: name)
    }

    private static func check(_ password: String) throws {
        guard password.count >= PasswordHasher.minimumLength else { throw AccountError.shortPassword }
        guard password.count <= PasswordHasher.maximumLength else { throw AccountError.longPassword }
    }
}

/// A cookie secret must have at least 16 characters.
public struct ShortSecret: Error, CustomStringConvertible {
    public var description: String { "The cookie secret must have at least 16 characters." }
}
