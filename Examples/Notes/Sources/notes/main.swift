import Foundation
import Logging
import MicroHTTP
import Navigation
import NotesApp
import ServiceLifecycle

// notes [--port N]: serves the Notes example until SIGINT or SIGTERM, which finish the requests
// in flight first. The cookie secret comes from NOTES_SECRET, or is made afresh (cookies then
// last until the server restarts).
let arguments = CommandLine.arguments
let port = arguments.firstIndex(of: "--port").flatMap { arguments.dropFirst($0 + 1).first }.flatMap { Int($0) } ?? 8080
let logger = Logger(label: "notes")

do {
    let server = try NotesServer.make(
        port: port, secret: ProcessInfo.processInfo.environment["NOTES_SECRET"] ?? KeyRing.generateSecret(),
        logger: logger)
    let services = ServiceGroup(configuration: .init(
        services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await services.run()
} catch {
    FileHandle.standardError.write(Data("notes: \(error)\n".utf8))
    exit(1)
}
