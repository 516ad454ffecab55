import ArgumentParser
import DemoApp
import Foundation
import Logging
import MicroHTTP
import NavigationHTML
import ServiceLifecycle
import UnixSignals

/// Runs the demo app until SIGINT or SIGTERM, then finishes the requests in flight and exits 0.
@main
struct NavigationDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navigation-demo",
        abstract: "Serves the SwiftUI-style navigation demo as plain HTML."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free port and prints it.")
    var port = 8080

    @Option(help: "Where the generated secret and the data are kept.")
    var dataDir = "data"

    @Option(help: "A file of cookie-signing secrets, newest first (default: NAVIGATION_SECRET or <data-dir>/secret).")
    var secretFile: String?

    @Option(help: "The folder of static files.")
    var `public` = "Public"

    @Option(help: "The folder of Mustache templates.")
    var templates = "Templates"

    @Option(help: ArgumentHelp(
        "Keep the data in PostgreSQL (default: DATABASE_URL, else the SQLite file in the data folder).",
        valueName: "postgresql://USER@HOST:PORT/DB"))
    var database: String?

    @Option(help: "Seconds a request may wait for its data before it answers 503 (PostgreSQL's statement timeout too).")
    var requestDeadline = 5.0

    @Option(help: ArgumentHelp(
        "How many connections to PostgreSQL the server opens at start and keeps open: as many pages read their data at once.",
        valueName: "COUNT"))
    var databaseConnections = 16

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(
        "A proxy in front (e.g. nginx terminating TLS) whose X-Forwarded-For, -Proto and -Host are believed; repeat for several. Over https the state cookie is Secure and named __Host-nav.",
        valueName: "ADDRESS"))
    var trustedProxies: [String] = []

    @Option(help: ArgumentHelp(
        "Sent as X-Instance with every answer, so that behind a load balancer each response names its instance.",
        valueName: "NAME"))
    var instanceName: String?

    /// `--database`, else `DATABASE_URL`; nil for the embedded SQLite file.
    @Flag(help: "Serve the request metrics at /metrics in Prometheus's text format (keep /metrics from the public: see deploy/).")
    var metrics = false

    var databaseText: String? {
        database ?? ProcessInfo.processInfo.environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func validate() throws {
        if let text = databaseText, let problem = DatabaseURL.problem(with: text) {
            let source = database == nil ? "DATABASE_URL" : "--database"
            throw ValidationError("\(source) is not a PostgreSQL URL: \(problem).")
        }
        #if !PostgreSQL
        if databaseText != nil {
            throw ValidationError("--database and DATABASE_URL: \(DatabaseUnreachable.notBuiltIn).")
        }
        #endif
        if let wrong = trustedProxies.first(where: { !ServerConfiguration.isIPAddress($0) }) {
            throw ValidationError("--trusted-proxy takes an IP address, not \"\(wrong)\".")
        }
        if let instanceName, !DemoConfiguration.isInstanceName(instanceName) {
            throw ValidationError("--instance-name takes 1 to 64 letters, digits, '-', '_' or '.'.")
        }
        guard (1...1000).contains(databaseConnections) else {
            throw ValidationError("--database-connections takes a number from 1 to 1000.")
        }
        guard requestDeadline > 0, requestDeadline <= 3600 else {
            throw ValidationError("--request-deadline must be more than 0 and at most 3600 seconds.")
        }
    }

    func run() async throws {
        // Without TZ, glibc checks /etc/localtime with a stat for every local time it formats;
        // with it set, the zone is read once.
        setenv("TZ", ":/etc/localtime", 0)
        LoggingSystem.bootstrap(LineLogHandler.init)
        let logger = Logger(label: "navigation-demo")

        var configuration = DemoConfiguration(
            host: host, port: port, dataDirectory: dataDir, secretFile: secretFile,
            publicDirectory: `public`, templatesDirectory: templates, database: databaseText.flatMap(DatabaseURL.init),
            requestDeadline: .milliseconds(Int(requestDeadline * 1000)), trustedProxies: trustedProxies,
            instanceName: instanceName)
        configuration.servesMetrics = metrics
        configuration.databaseConnections = databaseConnections
        // A server under load: its whole pool open, so that no page pays for a connection's
        // timers (see PostgresDemoStore).
        configuration.keepsDatabaseConnectionsOpen = true
        do {
            let demo = try DemoApplication(configuration, logger: logger) { server in
                // Written unbuffered: scripts and tests read the port from this line.
                FileHandle.standardOutput.write(Data("Serving on \(server.address)\n".utf8))
                // Once serving: a start that fails says so in one line.
                logger.info("Memory allocator: \(Self.allocator)")
            }
            // SIGTERM and SIGINT drain the server first, then close the database's pool.
            var quiet = logger
            quiet.logLevel = .warning
            let group = ServiceGroup(configuration: ServiceGroupConfiguration(
                services: demo.services, gracefulShutdownSignals: [.sigterm, .sigint], logger: quiet))
            try await group.run()
        } catch let error as DatabaseUnreachable {
            fail(error)
        } catch let error as ServerError {
            fail(error)
        } catch let error as TemplateError {
            fail(error)
        }
    }

    /// One line on standard error, after the log's, and exit 1.
    private func fail(_ error: any Error) -> Never {
        StandardErrorWriter.shared.flush()
        FileHandle.standardError.write(Data("navigation-demo: \(error)\n".utf8))
        Foundation.exit(1)
    }
}
