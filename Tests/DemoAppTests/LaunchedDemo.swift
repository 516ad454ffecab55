import Foundation
import Testing

/// The `navigation-demo` executable serving a fresh data folder on a free port, as a user runs
/// it. Call `stop()` (or let a signal end it) on every path.
struct LaunchedDemo {
    let process: Process
    let port: Int
    let data: URL
    /// The line it printed on start.
    let line: String

    /// The executable sits next to the test bundle in the build folder.
    static var executable: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("navigation-demo").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("navigation-demo")
    }

    /// `log`: a file that gets what it writes to standard error (by default, nothing does).
    init(executable: URL? = nil, arguments: [String] = [], log: URL? = nil) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        process = Process()
        process.executableURL = executable ?? Self.executable
        process.arguments = ["--port", "0", "--data-dir", data.path,
                             "--public", root.appendingPathComponent("Public").path,
                             "--templates", root.appendingPathComponent("Templates").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        if let log {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        line = try #require(Self.readLine(from: output.fileHandleForReading))
        port = try #require(line.split(separator: ":").last.flatMap { Int($0.dropLast()) }, "\(line)")
    }

    /// Runs the executable to its end with `arguments` on a fresh data folder: its exit status
    /// and what it wrote to standard error.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        process.arguments = ["--port", "0", "--data-dir", data.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Ends the process if it still runs and removes its data folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: data)
    }

    /// The resident memory of the process now, in kB (`VmRSS` in /proc).
    var residentKilobytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    private static func readLine(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1)?.first {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}
