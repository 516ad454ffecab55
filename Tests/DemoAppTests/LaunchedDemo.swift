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

    init(executable: URL? = nil) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        process = Process()
        process.executableURL = executable ?? Self.executable
        process.arguments = ["--port", "0", "--data-dir", data.path,
                             "--public", root.appendingPathComponent("Public").path,
                             "--templates", root.appendingPathComponent("Templates").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        line = try #require(Self.readLine(from: output.fileHandleForReading))
        port = try #require(line.split(separator: ":").last.flatMap { Int($0.dropLast()) }, "\(line)")
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
