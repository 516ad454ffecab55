import DemoApp
import HTTPTestSupport
import Foundation
import Logging
import MicroHTTP

/// Runs the real demo server on a free port for the length of `body`, with its own data folder,
/// and shuts it down on every path.
func withDemoServer(_ body: (Int) throws -> Void) async throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    try await withDemoServer(dataDirectory: data, body)
}

/// The same, signing cookies with `secret` (so a test can read or forge them); `body` also gets
/// the data folder.
func withDemoServer(secret: String, _ body: (Int, URL) throws -> Void) async throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try Data((secret + "\n").utf8).write(to: data.appendingPathComponent("secret"))
    try await withDemoServer(dataDirectory: data) { port in try body(port, data) }
}

/// The same, on a data folder the caller keeps, so a test can restart the server on it.
func withDemoServer(dataDirectory data: URL, _ body: (Int) throws -> Void) async throws {
    try await withDemoServer(dataDirectory: data, database: try await DemoDatabase.database(for: data), body)
}

/// The same on the database `database` (nil: SQLite in `data`); `keepsDatabaseConnectionsOpen`
/// as `navigation-demo` runs (a test with a cluster of its own can afford it).
func withDemoServer(
    dataDirectory data: URL, database: DatabaseURL?, requestDeadline: Duration = .seconds(5),
    trustedProxies: [String] = [], keepsDatabaseConnectionsOpen: Bool = false,
    _ body: (Int) throws -> Void
) async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    var configuration = DemoConfiguration(
        port: 0,
        dataDirectory: data.path,
        publicDirectory: root.appendingPathComponent("Public").path,
        templatesDirectory: root.appendingPathComponent("Templates").path,
        database: database, requestDeadline: requestDeadline, trustedProxies: trustedProxies)
    configuration.keepsDatabaseConnectionsOpen = keepsDatabaseConnectionsOpen
    // A few connections each: the suites' servers run side by side on one throwaway cluster,
    // whose two cores then fork fewer backends at once (with 16 each, connections timed out).
    configuration.databaseConnections = 4
    // The suites' servers start side by side on one throwaway cluster of two busy cores: a
    // connection took more than 2 s to open there (fresh clone of 01f2437, 8 suites at once).
    configuration.databaseConnectTimeout = .seconds(15)
    try await withDemoApplication(configuration, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }) { server in
        try server.start()
        // The test's blocking client runs on a thread of its own: a PostgreSQL store's answers
        // come back on Swift's cooperative threads, which it must not hold.
        try await onThreadWaitedFor { try body(server.port) }
    }
}
