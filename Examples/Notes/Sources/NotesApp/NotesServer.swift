import Logging
import MicroHTTP
import Navigation
import NavigationHTML

/// The server: the app's pages, and the library's own stylesheet, script and icons, which the
/// library serves itself. Run it in a `ServiceGroup` (see `main.swift`), or in tests through
/// `NavigationTesting`.
///
/// ```swift
/// let server = try NotesServer.make(port: 8080, secret: secret)
/// ```
public enum NotesServer {
    public static func make(
        host: String = "127.0.0.1", port: Int, secret: String, store: NoteStore = NoteStore(),
        logger: Logger = Logger(label: "notes")
    ) throws -> Server {
        guard let keys = KeyRing(secrets: [secret]) else { throw ShortSecret() }
        let responder = try NavigationResponder(app: NotesApp(store: store), cookie: StateCookie<NotesNavigation>(keys: keys))
        return Server(configuration: ServerConfiguration(host: host, port: port), responder: responder, logger: logger)
    }
}

/// A cookie secret must have at least 16 characters.
public struct ShortSecret: Error, CustomStringConvertible {
    public var description: String { "The cookie secret must have at least 16 characters." }
}
