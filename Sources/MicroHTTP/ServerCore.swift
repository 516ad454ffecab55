import Synchronization

/// The part of a server that libmicrohttpd's worker threads reach through their
/// `cls` pointer: everything the callbacks need, and nothing main-actor bound.
final class ServerCore: Sendable {
    let responder: any HTTPResponder
    let maxBodySize: Int
    /// Requests from their first access-handler call to NOTIFY_COMPLETED; shutdown
    /// waits for this to reach zero.
    let inFlight = Atomic<Int>(0)
    /// Set when shutdown begins, so that responses tell kept-alive clients to close.
    private let draining = Atomic<Bool>(false)

    init(responder: any HTTPResponder, maxBodySize: Int) {
        self.responder = responder
        self.maxBodySize = maxBodySize
    }

    var isDraining: Bool { draining.load(ordering: .acquiring) }

    func beginDraining() { draining.store(true, ordering: .releasing) }

    /// The responder's answer, with thrown errors turned into responses so that no
    /// error text other than an `HTTPError`'s message ever reaches a client.
    func response(for request: Request) -> Response {
        do {
            return try responder.respond(to: request)
        } catch let error as HTTPError {
            return .text(error.message.isEmpty ? error.status.reason : error.message, status: error.status)
        } catch {
            return .text(HTTPStatus.internalServerError.reason, status: .internalServerError)
        }
    }

    /// The answer to a method no responder handles.
    static let methodNotAllowed: Response = {
        var response = Response.text(HTTPStatus.methodNotAllowed.reason, status: .methodNotAllowed)
        response.headers.add("Allow", HTTPMethod.allCases.map(\.rawValue).joined(separator: ", "))
        return response
    }()

    /// The answer to a request whose body length is stated in two ways (see `RequestFraming`).
    static let ambiguousFraming = Response.text(
        "Bad Request: conflicting Content-Length or Transfer-Encoding", status: .badRequest)

    static let payloadTooLarge = Response.text(HTTPStatus.payloadTooLarge.reason, status: .payloadTooLarge)
}
