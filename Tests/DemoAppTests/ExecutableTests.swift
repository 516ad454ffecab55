import Foundation
import GRDB
import HTTPTestSupport
import Testing

/// The `navigation-demo` executable as a user runs it: options, the printed URL, and a clean
/// exit on SIGTERM or SIGINT.
@Suite struct ExecutableTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func printsItsPortServesAndExitsCleanlyOnSignal(_ signal: Int32) throws {
        let server = try LaunchedDemo()
        defer { server.stop() }
        #expect(server.line == "Serving on http://127.0.0.1:\(server.port)/")

        let client = try TestClient(port: server.port)
        try client.write("GET /order/ORD-001 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        let secret = try FileManager.default.attributesOfItem(atPath: server.data.appendingPathComponent("secret").path)
        #expect((secret[.posixPermissions] as? Int) == 0o600)

        kill(server.process.processIdentifier, signal)
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }

    /// The request log in a file: a line reaches it within a second (lines wait at most a tenth
    /// of a second to be written together), 300 requests give 300 whole lines in the order
    /// answered, and what was logged last before a SIGTERM, the "Stopped" line, is in the file
    /// once the process has exited.
    /// Started from the wrong folder, or with a broken template, the demo stops at once with one
    /// line that says which, rather than answering 500 to every page; a taken port is one line too.
    @Test func aStartThatCannotServeIsOneLineAndExit1() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("demo"), withIntermediateDirectories: true)
        try "{{#open}} never closed".write(to: folder.appendingPathComponent("demo/photo.mustache"), atomically: true, encoding: .utf8)
        let taken = try LaunchedDemo()
        defer { taken.stop() }
        for (arguments, says) in [(["--templates", "/no/such/templates"], "/no/such/templates"),
                                  (["--templates", folder.path], "demo/photo"),
                                  (["--port", String(taken.port)], "port \(taken.port)")] {
            let (status, output) = try LaunchedDemo.run(arguments)
            #expect(status == 1, "\(arguments): \(output)")
            let lines = output.split(separator: "\n").filter { !$0.contains(" info ") }
            #expect(lines.count == 1 && lines[0].hasPrefix("navigation-demo: ") && lines[0].contains(says), "\(output)")
            #expect(!output.contains("Fatal error") && !output.contains("backtrace"))
        }
    }

    @Test func theRequestLogReachesItsFileSoonWholeAndAllOfItByExit() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("demo-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let server = try LaunchedDemo(log: log)
        defer { server.stop() }
        func lines() -> [Substring] {
            (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n") ?? []
        }

        let client = try TestClient(port: server.port)
        try client.write("GET /orders/order/ORD-002 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        let answered = ContinuousClock.now
        while !lines().contains(where: { $0.contains(" GET /orders/order/ORD-002") }) && answered.duration(to: .now) < .seconds(1) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(lines().contains { $0.contains(" GET /orders/order/ORD-002") }, "the line is in the file within a second")

        for index in 0..<300 {
            try client.write("GET /no-such-page/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 404)
        }
        kill(server.process.processIdentifier, SIGTERM)
        server.process.waitUntilExit()

        let written = lines()
        let requests = written.filter { $0.contains(" GET /no-such-page/") }
        #expect(requests.count == 300)
        #expect(requests.enumerated().allSatisfy { index, line in
            line.hasPrefix("20") && line.contains(" info navigation-demo: request_id=") && line.contains(" [NavigationHTML] ")
                && line.contains(" GET /no-such-page/\(index) 404 ") && line.hasSuffix("µs")
        }, "every line whole, in the order answered")
        #expect(written.last?.hasSuffix("[MicroHTTP] Stopped") == true)
    }

    /// On Linux the demo allocates with mimalloc, not glibc's malloc: the library is mapped into
    /// the process, and the log says so once the demo serves. Under ThreadSanitizer, whose
    /// allocator stands in for malloc, the demo is built without it.
    @Test func theDemoAllocatesWithMimalloc() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("demo-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let server = try LaunchedDemo(log: log)
        defer { server.stop() }
        // Read to its end: /proc's files have no size for a reader that trusts one.
        let maps = try #require(FileHandle(forReadingAtPath: "/proc/\(server.process.processIdentifier)/maps"))
        let mapped = String(decoding: maps.readDataToEndOfFile(), as: UTF8.self)
        try maps.close()
        // Log lines wait at most a tenth of a second to be written together.
        func line() -> String {
            (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n")
                .first { $0.contains("Memory allocator") }.map(String.init) ?? ""
        }
        let started = ContinuousClock.now
        while line().isEmpty && started.duration(to: .now) < .seconds(2) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #if ThreadSanitizer
        #expect(!mapped.contains("libmimalloc"))
        #expect(line().hasSuffix(" [NavigationDemo] Memory allocator: the system's malloc"), "\(line())")
        #else
        #expect(mapped.contains("/libmimalloc.so"))
        #expect(line().contains(" info navigation-demo: [NavigationDemo] Memory allocator: mimalloc 2."), "\(line())")
        #endif
    }

    /// SIGTERM while 50 edits are in flight (headers read, bodies still arriving): new
    /// connections are refused at once, all 50 are answered, the process exits 0 within 10 s and
    /// the database is intact and holds one of the edits.
    @Test func sigtermWithFiftyRequestsInFlightAnswersThemAll() throws {
        let server = try LaunchedDemo()
        defer { server.stop() }
        let user = UserAgent(port: server.port)
        let sheet = try user.get("/orders/order/ORD-001?present=edit-order/ORD-001")
        let action = try #require(sheet.formAction)
        let token = try #require(sheet.formToken)
        let cookie = try #require(user.cookie)
        let bodies = (0..<50).map { "_action=saveOrder&_token=\(token)&amount=7&title=Shutdown+\($0)" }
        let clients = try bodies.map { body in
            let client = try TestClient(port: server.port)
            try client.write("POST \(action) HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: same-origin\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body.dropLast(4))
            return client
        }
        Thread.sleep(forTimeInterval: 0.3)  // every request's headers have been read

        let signalled = ContinuousClock.now
        kill(server.process.processIdentifier, SIGTERM)
        var refused = false
        while !refused && signalled.duration(to: .now) < .seconds(2) {
            refused = (try? TestClient(port: server.port)) == nil
            if !refused { Thread.sleep(forTimeInterval: 0.01) }
        }
        var answered = 0
        for (client, body) in zip(clients, bodies) {
            try client.write(String(body.suffix(4)))
            if let response = try? client.readResponse(), response.status == 303 { answered += 1 }
        }
        while server.process.isRunning && signalled.duration(to: .now) < .seconds(10) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let exitTime = signalled.duration(to: .now)
        #expect(!server.process.isRunning)
        server.process.waitUntilExit()
        let (integrity, title) = try DatabaseQueue(path: server.data.appendingPathComponent("demo.sqlite").path).read { db in
            (try String.fetchOne(db, sql: "PRAGMA integrity_check"),
             try String.fetchOne(db, sql: "SELECT title FROM purchase WHERE id = 'ORD-001'"))
        }
        #expect(refused, "new connections are refused once SIGTERM arrives")
        #expect(answered == 50)
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
        #expect(integrity == "ok")
        #expect(title?.hasPrefix("Shutdown ") == true)
        let seconds = Double(exitTime.components.seconds) + Double(exitTime.components.attoseconds) / 1e18
        Figure.report("graceful shutdown (SIGTERM, 50 requests in flight)",
                      "\(answered)/50 answered, new connections \(refused ? "refused" : "ACCEPTED"), exit \(server.process.terminationStatus) after "
                          + String(format: "%.2f s", seconds) + ", integrity_check \(integrity ?? "nil")")
    }
}
