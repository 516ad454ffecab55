import Foundation
import NotesApp
import Testing

/// How passwords are kept: scrypt at OWASP's cost, salted, and never in clear — not in the
/// database, not in what `notes add-user` prints.
@Suite struct PasswordStorageTests {
    @Test func theAppsCostIsOWASPsAndEveryHashIsSalted() throws {
        let hasher = PasswordHasher()
        #expect(hasher.logRounds >= 17 && hasher.blockSize >= 8 && hasher.parallelism >= 1)
        let first = try hasher.hash("correct horse battery")
        let second = try hasher.hash("correct horse battery")
        #expect(first.hasPrefix("$scrypt$ln=17,r=8,p=1$"))
        #expect(first != second, "a salt of its own")
        #expect(try hasher.verify("correct horse battery", against: first))
        #expect(try !hasher.verify("correct horse batterz", against: first))
        #expect(try !hasher.verify("correct horse battery", against: "$scrypt$ln=30,r=8,p=1$AAAA$AAAA"), "a cost out of range is refused, not run")
    }

    @Test func addUserReadsThePasswordFromStandardInputAndKeepsOnlyItsHash() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let short = try notes(["add-user", "carol", "--data-dir", directory], input: "seven77\n")
        #expect(short.status != 0)
        #expect(short.errors == "notes: A password needs at least 8 characters.\n")

        let password = "a long enough secret"
        let added = try notes(["add-user", "carol", "--data-dir", directory], input: password + "\n")
        #expect(added.status == 0 && added.output == "Added carol.\n")
        #expect(!added.output.contains(password) && !added.errors.contains(password))
        let database = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent("notes.sqlite"))
        #expect(database.range(of: Data(password.utf8)) == nil, "no password in clear in the database")
        #expect(database.range(of: Data("$scrypt$ln=17,r=8,p=1$".utf8)) != nil)

        let again = try notes(["add-user", "CAROL", "--data-dir", directory], input: password + "\n")
        #expect(again.status != 0 && again.errors.contains("already"))
        let store = try NoteStore(directory: directory)
        let carol = try #require(try store.account(named: "carol")).account
        #expect(try store.folders(of: carol) == ["Home", "Work"])
    }

    /// Runs the `notes` executable built beside these tests.
    private func notes(_ arguments: [String], input: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    private static var executable: URL {
        var folder = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("notes")
    }
}
