import DemoApp
import Foundation
import Logging
#if PostgreSQL
import NIOPosix
import PostgresNIO
#endif

/// Which store the end-to-end suites run against. With `DEMO_TEST_DATABASE_URL` set (as
/// `scripts/with-postgres` sets it, to a cluster it started), every test server gets a fresh
/// PostgreSQL database of its own there; without it, the SQLite file of its data folder.
enum DemoDatabase {
    #if PostgreSQL
    static let adminURL: DatabaseURL? = ProcessInfo.processInfo.environment["DEMO_TEST_DATABASE_URL"]
        .flatMap { DatabaseURL($0) }
    #else
    /// A build without the PostgreSQL trait runs every suite on SQLite.
    static let adminURL: DatabaseURL? = nil
    #endif

    static var isPostgreSQL: Bool { adminURL != nil }

    /// The database of a test server whose data folder is `data`, created empty on first use,
    /// so that a test restarting a server on the same folder finds its data again; nil for SQLite.
    static func database(for data: URL) async throws -> DatabaseURL? {
        #if PostgreSQL
        guard let admin = adminURL, let url = url(for: data) else { return nil }
        do {
            try await execute("CREATE DATABASE \"\(url.database)\"", on: admin)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P04" {
            // It exists: the same folder's server ran before.
        }
        return url
        #else
        return nil
        #endif
    }

    /// Runs `body` with the store a test server on the data folder `data` uses: its PostgreSQL
    /// database (created if need be) or its SQLite file.
    static func withStore<Result>(for data: URL, _ body: (any DemoStorage) async throws -> Result) async throws -> Result {
        #if PostgreSQL
        guard let url = try await database(for: data) else {
            return try await body(try DemoStore(path: data.appendingPathComponent("demo.sqlite").path))
        }
        let store = PostgresDemoStore(url: url, connectTimeout: .seconds(15), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            try await store.migrate()
            return try await body(store)
        }
        #else
        return try await body(try DemoStore(path: data.appendingPathComponent("demo.sqlite").path))
        #endif
    }

    /// The name `database(for:)` gives the database of the data folder `data`.
    static func url(for data: URL) -> DatabaseURL? {
        guard var url = adminURL else { return nil }
        url.database = "demo_" + String(data.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        return url
    }

    /// Every row of `url`'s database as `pg_dump` writes it, to compare before and after.
    static func dump(_ url: DatabaseURL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: (ProcessInfo.processInfo.environment["PG_BIN"] ?? "/usr/bin") + "/pg_dump")
        process.arguments = ["--data-only", "-h", url.host, "-p", String(url.port), "-U", url.user, url.database]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // pg_dump brackets its output with a random key (`\restrict …`) that differs every time.
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            .filter { !$0.hasPrefix("\\restrict") && !$0.hasPrefix("\\unrestrict") }
        return Data(lines.joined(separator: "\n").utf8)
    }

    #if PostgreSQL
    /// Runs one statement on its own connection.
    static func execute(_ sql: String, on url: DatabaseURL) async throws {
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: 1, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        defer { Task { try? await connection.close() } }
        try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }
    #endif
}
