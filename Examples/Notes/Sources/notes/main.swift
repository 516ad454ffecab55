import Dispatch
import Foundation
import Navigation
import NotesApp

// notes [--port N] [--templates DIR] [--public DIR]: serves the Notes example until SIGINT or
// SIGTERM. The cookie secret comes from NOTES_SECRET, or is made afresh (cookies then last
// until the server restarts).
func option(_ name: String, default value: String) -> String {
    CommandLine.arguments.firstIndex(of: name).flatMap { CommandLine.arguments.dropFirst($0 + 1).first } ?? value
}

let server = try NotesServer.make(
    port: Int(option("--port", default: "8080")) ?? 8080,
    templates: option("--templates", default: "../../Templates"),
    publicFolder: option("--public", default: "../../Public"),
    secret: ProcessInfo.processInfo.environment["NOTES_SECRET"] ?? KeyRing.generateSecret())
try server.start()
FileHandle.standardOutput.write(Data("Serving on http://127.0.0.1:\(server.port)/\n".utf8))

// Wait for a signal, then let the requests in flight finish.
let stop = DispatchSemaphore(value: 0)
var sources: [any DispatchSourceSignal] = []
for number in [SIGINT, SIGTERM] {
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler { stop.signal() }
    source.resume()
    sources.append(source)
}
DispatchQueue.global().async {
    stop.wait()
    server.shutdown()
    exit(0)
}
dispatchMain()
