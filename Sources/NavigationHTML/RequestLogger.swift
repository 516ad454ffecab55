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

    public func respond(to request: Request) throws -> Response {
        let start = ContinuousClock.now
        var status = HTTPStatus.internalServerError
        defer {
            let micros = (ContinuousClock.now - start) / .microseconds(1)
            let path = String(request.path.debugDescription.dropFirst().dropLast())
            logger.info("\(request.method.rawValue) \(path) \(status.code) \(Int(micros))µs")
        }
        do {
            let response = try next.respond(to: request)
            status = response.status
            return response
        } catch let error as HTTPError {
            status = error.status
            throw error
        }
    }
}
