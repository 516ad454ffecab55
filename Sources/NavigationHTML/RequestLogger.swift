import Foundation
import Logging
import MicroHTTP

/// Logs one line per request: method, path, status and duration. The path is logged with its
/// control characters escaped, so a request cannot forge log lines.
public struct RequestLogger: HTTPResponder {
    let next: any HTTPResponder
    let logger: Logger

    public init(next: any HTTPResponder, logger: Logger) {
        self.next = next
        self.logger = logger
    }

    public func respond(to request: Request) async throws -> Response {
        let start = ContinuousClock.now
        var status = HTTPStatus.internalServerError
        defer {
            let micros = (ContinuousClock.now - start) / .microseconds(1)
            let path = Self.printable(request.path)
            logger.info("\(request.method.rawValue) \(path) \(status.code) \(Int(micros))µs")
        }
        do {
            let response = try await next.respond(to: request)
            status = response.status
            return response
        } catch let error as HTTPError {
            status = error.status
            throw error
        }
    }

    /// The path as a log shows it: control characters, quotes and backslashes escaped as in a Swift
    /// literal. Plain printable ASCII, nearly every path, is left as it is without that walk.
    static func printable(_ path: String) -> String {
        var text = path
        // Over contiguous bytes: a deep stack's path is half a kilobyte.
        let isPlain = text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            return true
        }
        return isPlain ? path : String(path.debugDescription.dropFirst().dropLast())
    }
}
