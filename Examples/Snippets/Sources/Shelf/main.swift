import Foundation
import Logging
import MicroHTTP
import Navigation
import NavigationHTML
import ServiceLifecycle

// Serves the app on http://127.0.0.1:8080/ until SIGINT or SIGTERM, which let the requests in
// flight finish first. A secret made afresh signs the cookies, which then last until a restart
// (read yours from a file or the environment: every instance needs the same).
let logger = Logger(label: "shelf")
do {
    let cookie = StateCookie<ShelfNavigation>(keys: KeyRing(secrets: [KeyRing.generateSecret()])!)
    let responder = try NavigationResponder(app: ShelfApp(), cookie: cookie)
    let server = Server(
        configuration: ServerConfiguration(port: 8080),
        responder: RequestLogger(next: responder, logger: logger), logger: logger)
    try await ServiceGroup(configuration: .init(
        services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)).run()
} catch {
    logger.critical("\(error)")   // the port is taken, say: one line that says so
    exit(1)
}
