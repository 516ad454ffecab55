import MicroHTTP
import Navigation
import NavigationHTML

/// The server: the app's pages, and the library's stylesheet and script from `publicFolder`.
///
/// ```swift
/// let server = try NotesServer.make(port: 8080, templates: "Templates", publicFolder: "Public", secret: secret)
/// try server.start()
/// ```
public enum NotesServer {
    public static func make(
        host: String = "127.0.0.1", port: Int, templates: String, publicFolder: String, secret: String,
        store: NoteStore = NoteStore()
    ) throws -> Server {
        guard let keys = KeyRing(secrets: [secret]) else { throw ShortSecret() }
        let responder = try NavigationResponder(
            app: NotesApp(store: store), templates: try TemplateLibrary(directory: templates),
            cookie: StateCookie<NotesNavigation>(keys: keys),
            stylesheet: FileResponder.versionedURL(of: "app.css", in: publicFolder),
            script: FileResponder.versionedURL(of: "app.js", in: publicFolder))
        return Server(configuration: ServerConfiguration(host: host, port: port),
                      responder: FileResponder(root: publicFolder, fallback: responder))
    }
}

/// A cookie secret must have at least 16 characters.
public struct ShortSecret: Error, CustomStringConvertible {
    public var description: String { "The cookie secret must have at least 16 characters." }
}
