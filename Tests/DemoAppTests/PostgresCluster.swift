#if PostgreSQL
import DemoApp
import Foundation

/// A PostgreSQL cluster of a test's own (Debian's server programs): initdb into a temporary
/// folder, started on a free loopback port; a test can stop and start it again (its data stays)
/// to play a database that goes away, and must `destroy()` it on every path. As root, the
/// programs run as the `postgres` user that the package creates, since initdb refuses root.
final class PostgresCluster: @unchecked Sendable {
    /// The folder of the server's programs, or nil when PostgreSQL's server is not installed.
    static let programs: String? = {
        if let bin = ProcessInfo.processInfo.environment["PG_BIN"] { return bin }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        guard let newest = versions.compactMap({ Int($0) }).max() else { return nil }
        let bin = "\(root)/\(newest)/bin"
        return FileManager.default.isExecutableFile(atPath: bin + "/initdb") ? bin : nil
    }()

    static var isInstalled: Bool { programs != nil }

    let folder: URL
    private(set) var port = 0
    var url: DatabaseURL { DatabaseURL(user: "postgres", host: "127.0.0.1", port: port, database: "demo") }

    /// Creates, starts and creates the `demo` database.
    init() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o777])
        try run("initdb", ["-D", data, "--auth=trust", "-U", "postgres", "--encoding=UTF8", "--locale=C.UTF-8"])
        // A probed port is free only until another process binds it (the suites start servers
        // on port 0 side by side): the server refuses to start on a taken one, so try another.
        for attempt in 1...5 {
            port = try freePort()
            do {
                try start()
                break
            } catch where attempt < 5 {
                continue
            }
        }
        try run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "demo"])
    }

    private var data: String { folder.appendingPathComponent("data").path }

    func start() throws {
        try run("pg_ctl", ["-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "start", "-o",
                           "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off"])
    }

    /// Stops at once, as a crash or an administrator's fast shutdown would: open connections are
    /// cut.
    func stop() throws {
        try run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"])
    }

    /// Stops (if running) and removes every file.
    func destroy() {
        try? run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a statement with psql, as the superuser, in the `demo` database.
    func psql(_ sql: String) throws {
        try run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "demo", "-v", "ON_ERROR_STOP=1",
                         "-q", "-c", sql])
    }

    /// What the server has logged so far (`pg_ctl -l`): with `log_statement` set, a line for
    /// every statement it runs.
    var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? ""
    }

    /// Starts psql with `sql` on its standard input and leaves it running (to hold a lock);
    /// terminate the process to end its session.
    func session(_ sql: String) throws -> Process {
        let process = try command("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "demo", "-q"])
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data((sql + "\n").utf8))
        return process
    }

    private func command(_ program: String, _ arguments: [String]) throws -> Process {
        guard let programs = Self.programs else { throw Unavailable() }
        let process = Process()
        if getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "postgres", "--", "\(programs)/\(program)"] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "\(programs)/\(program)")
            process.arguments = arguments
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    /// Runs a program to its end. Spawned and reaped directly: Foundation's `Process` on Linux
    /// waits for a descriptor it hands the child to close, and the server pg_ctl starts keeps it.
    private func run(_ program: String, _ arguments: [String]) throws {
        let process = try command(program, arguments)
        let argv = [process.executableURL!.path] + (process.arguments ?? [])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 else {
            throw Failed(program: program, status: errno)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { throw Failed(program: program, status: status) }
    }

    struct Unavailable: Error {}
    struct Failed: Error {
        let program: String
        let status: Int32
    }
}

/// A loopback port nothing listens on now.
func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
        }
    }
    guard bound else { throw PostgresCluster.Failed(program: "bind", status: errno) }
    return Int(UInt16(bigEndian: address.sin_port))
}
#endif
