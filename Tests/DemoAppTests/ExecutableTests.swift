import Foundation
import HTTPTestSupport
import Testing

/// The `navigation-demo` executable as a user runs it: options, the printed URL, and a clean
/// exit on SIGTERM or SIGINT.
@Suite struct ExecutableTests {
    /// The executable sits next to the test bundle in the build folder.
    static var executable: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("navigation-demo").path) {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("navigation-demo")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func printsItsPortServesAndExitsCleanlyOnSignal(_ signal: Int32) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port", "0", "--data-dir", data.path,
                             "--public", root.appendingPathComponent("Public").path,
                             "--templates", root.appendingPathComponent("Templates").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let line = try #require(readLine(from: output.fileHandleForReading))
        let port = try #require(line.split(separator: ":").last.flatMap { Int($0.dropLast()) }, "\(line)")
        #expect(line == "Serving on http://127.0.0.1:\(port)/")

        let client = try TestClient(port: port)
        try client.write("GET /order/ORD-001 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        let secret = try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent("secret").path)
        #expect((secret[.posixPermissions] as? Int) == 0o600)

        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    private func readLine(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1)?.first {
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return nil
    }
}
