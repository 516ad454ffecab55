import Foundation
import MicroHTTP
import NavigationHTML
import NavigationTesting
import NotesApp

/// A data folder of its own with two accounts, alice and bob, and servers on it. Passwords are
/// hashed at scrypt's lowest cost here (N = 2^10), so that a test may sign in dozens of times;
/// `PasswordStorageTests` checks the cost the app uses.
final class NotesFixture: Sendable {
    static let secret = "a test secret of sixteen characters or more"
    static let alicePassword = "correct horse battery"
    static let bobPassword = "tr0ub4dor&3 plus"

    let directory: String
    let store: NoteStore
    let passwords = PasswordHasher(logRounds: 10)
    let alice: Account
    let bob: Account

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)").path
        store = try NoteStore(directory: directory)
        alice = try NotesServer.addUser(name: "alice", password: Self.alicePassword, store: store, passwords: passwords)
        bob = try NotesServer.addUser(name: "bob", password: Self.bobPassword, store: store, passwords: passwords)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func server(throttle: SignInThrottle = SignInThrottle(), trustedProxies: [String] = []) throws -> LiveNotesServer {
        let updates = try NotesServer.updates(store: store, secret: Self.secret)
        let server = try NotesServer.make(port: 0, store: store, secret: Self.secret, updates: updates, passwords: passwords,
                                          throttle: throttle, trustedProxies: trustedProxies)
        return LiveNotesServer(server: server, updates: updates)
    }
}

/// The server and the live updates beside it, as `main.swift` runs them.
struct LiveNotesServer {
    let server: Server
    let updates: LiveUpdates

    /// `Server.test(_:settings:_:)`, with the live updates running for as long as `body`.
    func test<Value>(
        _ transport: TestTransport, settings: TestBrowser.Settings = TestBrowser.Settings(),
        isolation: isolated (any Actor)? = #isolation, _ body: (TestBrowser) async throws -> Value
    ) async throws -> Value {
        try await updates.running { try await server.test(transport, settings: settings, body) }
    }
}

/// A clock a test moves on.
final class TestClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { time.withLock { $0 } }
    func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
}

import Synchronization
