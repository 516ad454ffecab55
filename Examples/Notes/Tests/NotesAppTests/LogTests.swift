import Logging
import NavigationTesting
import NotesApp
import Synchronization
import Testing

/// No password in clear in the logs: every line the server writes while people sign in, fail
/// and sign out, at every level, with its metadata.
@Suite struct LogTests {
    @Test func signingInWritesNoPasswordToTheLog() async throws {
        let fixture = try NotesFixture()
        let lines = LogLines()
        var logger = Logger(label: "notes") { _ in lines }
        logger.logLevel = .trace
        let server = try NotesServer.make(port: 0, store: fixture.store, secret: NotesFixture.secret,
                                          passwords: fixture.passwords, logger: logger)
        try await server.test(.live) { browser in
            try await browser.signIn("alice", "a wrong guess 4711")
            try await browser.signIn("nobody", "another guess 0815")
            try await browser.signIn("alice", NotesFixture.alicePassword)
            try await browser.get("/account")
            try await browser.submit(form: "Sign Out")
        }
        let written = lines.all.joined(separator: "\n")
        #expect(written.contains("Sign-in failed") && written.contains("Signed in") && written.contains("Signed out"))
        for secret in ["a wrong guess 4711", "another guess 0815", NotesFixture.alicePassword, "4711", "0815", "horse"] {
            #expect(!written.contains(secret), "\(secret)")
        }
    }
}

/// Keeps every line logged, message and metadata.
final class LogLines: LogHandler, Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }

    var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }
    var logLevel: Logger.Level {
        get { .trace }
        set {}
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    func log(event: LogEvent) {
        lines.withLock { $0.append("\(event.level) \(event.message) \(event.metadata ?? [:]) \(event.source)") }
    }
}
