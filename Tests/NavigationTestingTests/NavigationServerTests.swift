import Foundation
import MetricsTestKit
import NavigationHTML
import NavigationTesting
import Testing

/// The front door: one value that serves an app with its routes, configured from code or the
/// environment, tested through the kit.
@Suite struct NavigationServerTests {
    static let secret = "a test secret of at least sixteen characters"

    struct NewBook: Decodable {
        let title: String
    }

    static func server(_ books: Books = Books()) throws -> NavigationServer<ShelfApp> {
        var server = try NavigationServer(app: ShelfApp(books: books), configuration: .init(secrets: [secret]))
        server.on(.get, "/healthz") { _, _ in .text("ok") }
        server.on(.post, "/api/books") { request, _ in
            let book = try request.decode(NewBook.self)
            return .text("\(books.add(book.title))", status: .created)
        }
        return server
    }

    @Test(arguments: [TestTransport.inProcess, .live])
    func servesThePagesAndTheAppsOwnRoutes(transport: TestTransport) async throws {
        let books = Books()
        try await Self.server(books).test(transport) { browser in
            let library = try await browser.get("/library")
            #expect(library.status == 200 && library.title == "Library")
            #expect(try await browser.get("/healthz").text == "ok")
            let created = try await browser.request("POST", "/api/books", headers: ["Content-Type": "application/json"],
                                                    body: Array(#"{"title":"Ulysses"}"#.utf8))
            #expect(created.status == 201 && books.title(Int(created.text) ?? 0) == "Ulysses")
            let refused = try await browser.request("POST", "/api/books", headers: ["Content-Type": "application/json"],
                                                    body: Array(#"{"name":"Ulysses"}"#.utf8))
            #expect(refused.status == 422 && refused.text == #"{"error":"title: missing."}"#)
        }
    }

    /// The server's metrics go to the factory it was given, by kind of screen.
    @Test func itsMetricsGoWhereItIsTold() async throws {
        let metrics = TestMetrics()
        var server = try NavigationServer(
            app: ShelfApp(books: Books()), configuration: .init(secrets: [Self.secret]), metricsFactory: metrics)
        server.on(.get, "/healthz") { _, _ in .text("ok") }
        try await server.test(.live) { browser in
            try await browser.get("/healthz")
            try await browser.get("/library")
        }
        let counted = metrics.counters(label: "http_requests_total")
        #expect(counted.contains { $0.dimensions.contains { $0 == ("screen", "/healthz") } && $0.totalValue == 1 })
        #expect(counted.contains { $0.dimensions.contains { $0 == ("screen", "library/root") } }, "\(counted.map(\.dimensions))")
    }

    /// Middleware wraps the pages and the routes alike.
    @Test func middlewareWrapsEveryAnswer() async throws {
        var server = try Self.server()
        server.add(AddingHeaders([("X-Instance", "web-2")]))
        try await server.test { browser in
            let page = try await browser.get("/library")
            let health = try await browser.get("/healthz")
            #expect(page.header("X-Instance") == "web-2" && health.header("X-Instance") == "web-2")
        }
    }

    /// The page in the app's types: its tab, its stack, a JSON answer.
    @Test func theKitReadsThePageInTheAppsTypes() async throws {
        struct Count: Decodable { let books: Int }
        var server = try Self.server()
        server.on(.get, "/api/count") { _, _ in try .json(["books": 2]) }
        try await server.test { browser in
            let book = try await browser.get("/library/book/1")
            #expect(book.selectedTab(as: ShelfTab.self) == .library)
            #expect(book.path(as: ShelfNavigation.self) == [.book(id: 1)])
            #expect(try await browser.get("/wishlist").selectedTab(as: ShelfTab.self) == .wishlist)
            #expect(try await browser.get("/api/count").decode(Count.self).books == 2)
        }
    }

    @Test func theEnvironmentConfiguresItAndSaysWhatIsWrong() throws {
        let defaults = try AppConfiguration(environment: [:])
        #expect(defaults.host == "127.0.0.1" && defaults.port == 8080 && defaults.secrets.isEmpty && defaults.logLevel == nil)
        let set = try AppConfiguration(environment: [
            "HOST": "0.0.0.0", "PORT": "9000", "NAVIGATION_SECRET": "\(Self.secret)2, \(Self.secret)1",
            "TRUSTED_PROXY": "10.0.0.2, ::1", "LOG_LEVEL": "Debug",
        ])
        #expect(set.host == "0.0.0.0" && set.port == 9000 && set.secrets == ["\(Self.secret)2", "\(Self.secret)1"])
        #expect(set.trustedProxies == ["10.0.0.2", "::1"] && set.logLevel == .debug)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString)")
        try "\(Self.secret)new\n\n\(Self.secret)old\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try AppConfiguration(environment: ["NAVIGATION_SECRET_FILE": file.path]).secrets == ["\(Self.secret)new", "\(Self.secret)old"])

        let problems: [([String: String], AppConfiguration.Problem)] = [
            (["PORT": "eighty"], .port("eighty")), (["PORT": "70000"], .port("70000")), (["PORT": "-1"], .port("-1")),
            (["NAVIGATION_SECRET_FILE": "/nonexistent/secret"], .secretFile("/nonexistent/secret")),
            (["NAVIGATION_SECRET": "short"], .shortSecret(length: 5)),
            (["TRUSTED_PROXY": "10.0.0.2, proxy.local"], .trustedProxy("proxy.local")),
            (["LOG_LEVEL": "loud"], .logLevel("loud")),
        ]
        for (environment, problem) in problems {
            #expect(throws: problem, "\(environment)") { try AppConfiguration(environment: environment) }
        }
        #expect(AppConfiguration.Problem.port("eighty").description == #"PORT is "eighty": write a port number from 0 to 65535."#)
    }

    /// Without a secret it still serves, signing with one made for the run.
    @Test func withoutASecretItMakesOne() async throws {
        let server = try NavigationServer(app: ShelfApp(books: Books()), configuration: .init())
        try await server.test { browser in
            let library = try await browser.get("/library")
            #expect(library.status == 200 && browser.stateCookie() != nil)
        }
    }

    /// `runService()` serves until cancelled, then stops cleanly.
    @Test func runServiceStopsWhenCancelled() async throws {
        let server = try NavigationServer(app: ShelfApp(books: Books()), configuration: .init(port: 0, secrets: [Self.secret]))
        let running = Task { try await server.runService() }
        try await Task.sleep(for: .milliseconds(200))
        running.cancel()
        try await running.value
    }
}
