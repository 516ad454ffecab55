import Logging
import MicroHTTP
import Synchronization
import Testing
@testable import NavigationHTML

/// Keeps every line logged through it.
private final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

private struct Capture: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { lines.append("\(event.message)") }
}

/// Answers "/now" on the immediate path, everything else later, "/broken" with an error.
private struct Paths: HTTPResponder {
    func reply(to request: Request) throws -> Reply {
        request.path == "/now" ? .ready(.text("now", status: .created)) : .pending { try await respond(to: request) }
    }

    func respond(to request: Request) async throws -> Response {
        if request.path == "/broken" { throw HTTPError(.forbidden, "No.") }
        if request.path == "/abandoned" { throw CancellationError() }
        return .text("later")
    }
}

@Suite struct RequestLoggerTests {
    @Test(arguments: [0, 7, 10, 404, 1_000_000, -1, -90, Int.max, Int.min])
    func numbersAreTheirDecimalText(number: Int) {
        #expect(RequestLog.line("x", "GET", "/", number, number) == "x GET / \(number) \(number)µs")
    }

    @Test func aLineIsItsFieldsSpaceSeparatedWithTheDurationsUnit() {
        #expect(RequestLog.line("203.0.113.7", "GET", "/home", 200, 12) == "203.0.113.7 GET /home 200 12µs")
        #expect(RequestLog.line("-", "POST", "/a\\nb", 503, 0) == "- POST /a\\nb 503 0µs")
        #expect(RequestLog.line("::1", "DELETE", "/" + String(repeating: "x", count: 600), 404, Int.max)
                    == "::1 DELETE /\(String(repeating: "x", count: 600)) 404 \(Int.max)µs")
        #expect(RequestLog.line("", "", "", 0, -5) == "   0 -5µs")
    }

    @Test func eachRequestIsLoggedOnceWhicheverPathAnswersIt() async throws {
        let lines = LogLines()
        let logger = RequestLogger(next: Paths(), logger: Logger(label: "test") { _ in Capture(lines: lines) })

        #expect(try logger.reply(to: Request(method: .get, path: "/now", clientAddress: "203.0.113.7")).readyResponse?.status == .created)
        let page = try logger.reply(to: Request(method: .get, path: "/page"))
        #expect(page.readyResponse == nil)
        #expect(lines.all.count == 1, "a request whose answer is pending is not logged yet")
        #expect(try await page.response().status == .ok)
        await #expect(throws: HTTPError.self) { try await logger.respond(to: Request(method: .post, path: "/broken")) }
        await #expect(throws: CancellationError.self) { try await logger.respond(to: Request(method: .get, path: "/abandoned")) }

        var logged = lines.all
        #expect(logged.count == 4)
        #expect(logged.last?.hasPrefix("- GET /abandoned 503 ") == true, "a cancelled request is the server's 503, not a 500")
        logged.removeLast()
        #expect(logged.first?.hasPrefix("203.0.113.7 GET /now 201 ") == true)
        // An address nobody knows is logged as "-", so every line has the same fields.
        #expect(logged.dropFirst().first?.hasPrefix("- GET /page 200 ") == true)
        #expect(logged.last?.hasPrefix("- POST /broken 403 ") == true)
        #expect(logged.allSatisfy { $0.hasSuffix("µs") })
    }

    @Test func pathsThatCouldForgeALogLineAreEscaped() {
        #expect(RequestLog.printable("/home/orders/order/ORD-001") == "/home/orders/order/ORD-001")
        #expect(RequestLog.printable("/a\nGET /forged 200") == "/a\\nGET /forged 200")
        #expect(RequestLog.printable("/a\r\u{1B}[31m") == "/a\\r\\u{1B}[31m")
        #expect(RequestLog.printable("/quote\"back\\slash") == "/quote\\\"back\\\\slash")
        // Anything beyond printable ASCII takes the escaping path, whatever it decides.
        for path in ["/café", "/\u{2028}", "/\u{7F}", "/日本"] {
            #expect(RequestLog.printable(path) == String(path.debugDescription.dropFirst().dropLast()))
        }
    }
}
