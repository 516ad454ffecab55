import Foundation
import Logging
import MicroHTTP
import Navigation
import NavigationHTML

/// Builds the demo server, ready to `start()`: static files from the public folder, then the
/// navigation app, with one log line per request. Kept apart from `@main` so tests can run the
/// real server on a free port.
///
/// ```swift
/// let server = try await buildApplication(DemoConfiguration(port: 0))
/// try server.start()
/// defer { server.shutdown() }
/// print("http://127.0.0.1:\(server.port)/")
/// ```
public func buildApplication(
    _ configuration: DemoConfiguration,
    logger: Logger = Logger(label: "navigation-demo")
) async throws -> Server {
    let templates = try TemplateLibrary(directory: configuration.templatesDirectory)
    let cookie = StateCookie<DemoNavigation>(keys: try SecretStore.keyRing(for: configuration))
    let store = try DemoStore(path: (configuration.dataDirectory as NSString).appendingPathComponent("demo.sqlite"))
    // Versioned URLs for the pages' own files, read once at start-up: they cache for a year.
    let publicFiles = configuration.publicDirectory
    let app = NavigationResponder(
        app: DemoApp(store: store), templates: templates, cookie: cookie,
        stylesheet: FileResponder.versionedURL(of: "app.css", in: publicFiles),
        script: FileResponder.versionedURL(of: "app.js", in: publicFiles))
    let files = FileResponder(root: configuration.publicDirectory, fallback: DemoResponder(navigation: app))
    var server = ServerConfiguration()
    server.host = configuration.host
    server.port = configuration.port
    return Server(configuration: server, responder: RequestLogger(next: files, logger: logger))
}

/// The navigation responder behind a type of this module. Calls through a protocol reach the
/// generic `NavigationResponder` unspecialized; this call names `DemoApp`, so a build with
/// cross-module optimization (`-Xswiftc -cross-module-optimization`, as `scripts/run-demo` and
/// `scripts/bench` build) compiles the whole request for the demo's own types. Measured: a third
/// fewer instructions per request.
struct DemoResponder: HTTPResponder {
    let navigation: NavigationResponder<DemoApp>

    func respond(to request: Request) throws -> Response {
        try navigation.respond(to: request)
    }
}
