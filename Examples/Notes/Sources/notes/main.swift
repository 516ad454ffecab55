import Foundation
import Logging
import MicroHTTP
import NotesApp
import ServiceLifecycle

// notes [--port N] [--data-dir DIR] [--trusted-proxy ADDRESS]...: serves the Notes example until
// SIGINT or SIGTERM, which finish the requests in flight first. Behind a reverse proxy (deploy/),
// name its address with --trusted-proxy: its X-Forwarded-For and X-Forwarded-Proto are then
// believed, so the throttle counts the client's address and, over https, the cookies are Secure
// with the __Host- prefix.
// notes add-user NAME [--data-dir DIR], notes set-password NAME [--data-dir DIR]: read the
// password from standard input, one line.
// The accounts and notes live in DIR (notes-data by default); the cookie secret comes from
// NOTES_SECRET, or from DIR/secret, made on first use.
/// The value after `name`, taken out of `arguments` with it.
func take(_ name: String, from arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
var arguments = Array(CommandLine.arguments.dropFirst())
let directory = take("--data-dir", from: &arguments) ?? "notes-data"
let port = take("--port", from: &arguments).flatMap(Int.init) ?? 8080
var trustedProxies: [String] = []
while let proxy = take("--trusted-proxy", from: &arguments) { trustedProxies.append(proxy) }
let logger = Logger(label: "notes")

do {
    let store = try NoteStore(directory: directory)
    switch arguments.first {
    case "add-user" where arguments.count == 2, "set-password" where arguments.count == 2:
        let password = readLine(strippingNewline: true) ?? ""
        if arguments[0] == "add-user" {
            try NotesServer.addUser(name: arguments[1], password: password, store: store)
            print("Added \(arguments[1]).")
        } else {
            try NotesServer.setPassword(name: arguments[1], password: password, store: store)
            print("Changed the password of \(arguments[1]); its sign-ins have ended.")
        }
    case nil:
        let secret = try ProcessInfo.processInfo.environment["NOTES_SECRET"] ?? NotesServer.secret(in: directory)
        // The open pages refresh themselves when another session changes what they show.
        let updates = try NotesServer.updates(store: store, secret: secret, logger: logger)
        let server = try NotesServer.make(port: port, store: store, secret: secret, updates: updates,
                                          trustedProxies: trustedProxies, logger: logger)
        let services = ServiceGroup(configuration: .init(
            services: [updates, server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await services.run()
    default:
        FileHandle.standardError.write(Data("""
            usage: notes [--port N] [--data-dir DIR] [--trusted-proxy ADDRESS]...
                   notes add-user NAME [--data-dir DIR]      (the password on standard input)
                   notes set-password NAME [--data-dir DIR]  (the password on standard input)

            """.utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("notes: \(error)\n".utf8))
    exit(1)
}
