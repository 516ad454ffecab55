import Foundation
import MicroHTTP

/// A server runs its own tests: `test(_:settings:isolation:_:)` hands a test a browser on it.
extension Server {
    /// Runs `body` with a `TestBrowser` on this server, as HummingbirdTesting's
    /// `app.test(.live) { client in … }` does for Hummingbird.
    ///
    /// `.live` starts the server (configure port 0 for a free one, on loopback), hands the body a
    /// browser that talks to it over TCP, and shuts the server down once the body returns or
    /// throws; the server must not have been started before. `.inProcess` answers every request
    /// through the server's own pipeline without a socket (`inProcessResponse(to:method:bodySize:)`),
    /// and leaves the server as it was.
    ///
    /// ```swift
    /// import NavigationTesting
    /// import Testing
    ///
    /// @Test(arguments: [TestTransport.live, .inProcess])
    /// func theSheetCreatesANote(transport: TestTransport) async throws {
    ///     let server = try NotesServer.make(port: 0, store: store, secret: "a test secret of sixteen characters")
    ///     try await server.test(transport) { browser in
    ///         try await browser.signIn("alice", password)      // the app's sign-in sheet, filled in
    ///         try await browser.get("/notes/folder/Home")
    ///         try await browser.follow(link: "New Note…")
    ///         let note = try await browser.submit(form: "Save", fields: ["Title": "Buy soil"])
    ///         #expect(note.title == "Buy soil")
    ///     }
    /// }
    /// ```
    ///
    /// The body runs on the caller's actor, so it works the same from Swift Testing and from an
    /// XCTest method (`@MainActor` or not).
    ///
    /// - Parameters:
    ///   - transport: `.live` or `.inProcess`.
    ///   - settings: How the browser behaves (redirects, a forwarding proxy, timeouts).
    ///   - isolation: Where `body` runs: the caller's actor, which Swift fills in.
    ///   - body: The test, given the browser; what it returns, `test` returns.
    /// - Throws: What `start()` throws, `BrowserError`s, and whatever `body` throws.
    public func test<Value>(
        _ transport: TestTransport,
        settings: TestBrowser.Settings = TestBrowser.Settings(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TestBrowser) async throws -> Value
    ) async throws -> Value {
        switch transport.kind {
        case .inProcess:
            return try await body(TestBrowser(transport: InProcessTransport(server: self), settings: settings))
        case .live:
            try start()
            let connections: LoopbackTransport
            do {
                connections = try await LoopbackTransport(port: port, timeout: settings.timeout)
            } catch {
                await shutdownDraining(timeout: 10, quietPeriod: 0.05)
                throw error
            }
            // No proxy holds connections open in a test: a short quiet period is enough.
            let result: Result<Value, any Error>
            do {
                result = .success(try await body(TestBrowser(transport: connections, settings: settings)))
            } catch {
                result = .failure(error)
            }
            await connections.close()
            await shutdownDraining(timeout: 10, quietPeriod: 0.05)
            return try result.get()
        }
    }
}
