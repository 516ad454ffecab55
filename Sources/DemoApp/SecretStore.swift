import Foundation
import Navigation

/// Finds the secrets that sign state cookies: `--secret-file`, else the `NAVIGATION_SECRET`
/// environment variable, else `<data-dir>/secret`, generated on first run with mode 0600.
/// Files and the variable hold one secret per line, newest first (to rotate, prepend a new one).
enum SecretStore {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func keyRing(for configuration: DemoConfiguration) throws -> KeyRing {
        if let file = configuration.secretFile {
            return try ring(from: read(file), source: file)
        }
        if let secrets = ProcessInfo.processInfo.environment["NAVIGATION_SECRET"], !secrets.isEmpty {
            return try ring(from: secrets, source: "NAVIGATION_SECRET")
        }
        let file = (configuration.dataDirectory as NSString).appendingPathComponent("secret")
        if !FileManager.default.fileExists(atPath: file) {
            try generate(file, in: configuration.dataDirectory)
        }
        return try ring(from: read(file), source: file)
    }

    private static func read(_ file: String) throws -> String {
        do {
            return try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw Failure(description: "Cannot read the secret file \(file): \(error.localizedDescription)")
        }
    }

    private static func ring(from text: String, source: String) throws -> KeyRing {
        guard let ring = KeyRing(secrets: text.split(whereSeparator: \.isNewline).map(String.init)) else {
            throw Failure(description: "\(source) holds no secret of at least 16 characters.")
        }
        return ring
    }

    private static func generate(_ file: String, in directory: String) throws {
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let created = FileManager.default.createFile(
            atPath: file, contents: Data((KeyRing.generateSecret() + "\n").utf8),
            attributes: [.posixPermissions: 0o600])
        guard created else { throw Failure(description: "Cannot create the secret file \(file).") }
    }
}
