import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Synchronization
import Testing

/// Counts an app's reads and the questions asked outside one.
final class ReadingLog: Sendable {
    private let counts = Mutex((open: 0, reads: 0, inside: 0, outside: 0))

    func read<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        counts.withLock { $0.open += 1; $0.reads += 1 }
        defer { counts.withLock { $0.open -= 1 } }
        return try await body()
    }

    func asked() {
        counts.withLock { counts in
            if counts.open > 0 { counts.inside += 1 } else { counts.outside += 1 }
        }
    }

    var snapshot: (reads: Int, inside: Int, outside: Int) {
        counts.withLock { ($0.reads, $0.inside, $0.outside) }
    }
}

/// The notes app, asked through `reading(_:)`.
struct ReadingNotesApp: NavigationApp {
    typealias Schema = Notes
    let name = "Notes"
    let log = ReadingLog()
    let notes = NotesApp()

    func reading<Result>(_ body: () async throws -> Result) async throws -> Result { try await log.read(body) }
    func title(for route: NoteRoute) throws -> String {
        log.asked()
        return try notes.title(for: route)
    }
    func root(of tab: NoteTab, context: ScreenContext<Notes>) throws -> Screen {
        log.asked()
        return try notes.root(of: tab, context: context)
    }
    func screen(for route: NoteRoute, context: ScreenContext<Notes>) throws -> Screen {
        log.asked()
        return try notes.screen(for: route, context: context)
    }
}

@Suite struct ReadingTests {
    @Test func everyQuestionOfAGetOrHeadComesInsideOneRead() async throws {
        let app = ReadingNotesApp()
        let responder = try NavigationResponder(
            app: app, cookie: StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!))
        let page = try await responder.respond(to: Request(method: .get, path: "/notes/note/2"))
        #expect(page.status == .ok)
        _ = try await responder.respond(to: Request(method: .head, path: "/archive"))
        let missing = try await responder.respond(to: Request(method: .get, path: "/notes/note/9"))
        #expect(missing.status == .notFound)
        let log = app.log.snapshot
        #expect(log.reads == 3)
        #expect(log.inside >= 6)
        #expect(log.outside == 0)
    }
}
