import MicroHTTP
import NavigationHTML

/// An app's server runs its own tests, as `Server.test(_:settings:isolation:_:)` does: in process
/// by default (no socket, the same pipeline), or `.live` on a free loopback port.
extension NavigationServer {
    /// Runs `body` with a `TestBrowser` on this app's server (its routes, pages and request log);
    /// the address the configuration names is not used: `.live` listens on a free loopback port.
    ///
    /// ```swift
    /// @Test func addingABookShowsIt() async throws {
    ///     let server = try NavigationServer(app: ShelfApp(), configuration: .init(secrets: [testSecret]))
    ///     try await server.test { browser in
    ///         try await browser.get("/library/genre/Poetry")
    ///         #expect(browser.page?.title == "Poetry")
    ///     }
    /// }
    /// ```
    public func test<Value>(
        _ transport: TestTransport = .inProcess,
        settings: TestBrowser.Settings = TestBrowser.Settings(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TestBrowser) async throws -> Value
    ) async throws -> Value {
        try await makeServer(host: "127.0.0.1", port: 0).test(transport, settings: settings, isolation: isolation, body)
    }
}
