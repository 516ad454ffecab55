import Foundation
import NavigationHTML

// Serves the app on http://127.0.0.1:8080/ until SIGINT or SIGTERM, which let the requests in
// flight finish first. PORT, HOST, NAVIGATION_SECRET and the rest come from the environment (see
// AppConfiguration); without a secret, one made afresh signs the cookies, which then last until a
// restart (every instance of one app needs the same).
do {
    var server = try NavigationServer(app: ShelfApp())
    server.on(.get, "/healthz") { _, _ in .text("ok") }   // for a load balancer
    try await server.runService()
} catch {
    Logger(label: "shelf").critical("\(error)")   // a port taken, a PORT of letters: one line that says so
    exit(1)
}
