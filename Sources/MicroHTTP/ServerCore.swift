import Logging
import Synchronization

/// The part of a server that libmicrohttpd's worker threads reach through their
/// `cls` pointer: everything the callbacks need, and nothing main-actor bound.
final class ServerCore: Sendable {
    let responder: any HTTPResponder
    let maxBodySize: Int
    /// How long a request may wait for its answer (see `ServerConfiguration.requestDeadline`).
    let requestDeadline: Duration
    /// Whose forwarded headers are believed (an invalid list never starts: see `problem`).
    let proxies: TrustedProxies
    /// The requests waiting with their connections suspended.
    let suspensions = Suspensions()
    /// The requests whose work has not started, with their connections suspended.
    let parked = ParkedRequests()
    /// The event streams open (see `EventStream`).
    let eventStreams: EventStreams
    /// Where a request's task continues once the worker is done with the request (see
    /// `RequestTask`, `Server.start()`).
    let continuations = ContinuationThreads()
    /// Requests from their first access-handler call to NOTIFY_COMPLETED; shutdown
    /// waits for this to reach zero.
    let inFlight = Atomic<Int>(0)
    /// Connections open, idle or not: shutdown waits for a proxy to close its kept-alive ones.
    let openConnections = Atomic<Int>(0)
    /// Requests begun so far (wrapping): shutdown watches it to tell when requests stop coming.
    let requestsBegun = Atomic<Int>(0)
    /// Set when shutdown begins, so that responses tell kept-alive clients to close.
    private let draining = Atomic<Bool>(false)

    /// Where unexpected errors are logged, and the logger requests carry (`Request.logger`).
    let logger: Logger
    /// Ids for requests that bring none from a trusted proxy.
    let requestIDs = RequestIDs()
    /// Requests counted and timed (see `ServerMetrics`).
    let metrics: ServerMetrics

    init(
        responder: any HTTPResponder, maxBodySize: Int, requestDeadline: Duration, proxies: TrustedProxies,
        logger: Logger, metrics: ServerMetrics, eventStreams: EventStreams
    ) {
        self.eventStreams = eventStreams
        self.responder = responder
        self.logger = logger
        self.metrics = metrics
        self.maxBodySize = maxBodySize
        self.requestDeadline = requestDeadline
        self.proxies = proxies
    }

    /// Set when shutdown answers the waiting requests: a request that starts waiting after
    /// that is answered at once, as libmicrohttpd must not stop with a connection suspended.
    private let stopping = Atomic<Bool>(false)

    var isDraining: Bool { draining.load(ordering: .sequentiallyConsistent) }

    var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

    /// Answers every waiting request with a `503`, now and from now on.
    func answerWaitingRequests() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        suspensions.answerAll(with: Suspensions.stopping)
    }

    /// Sets `isDraining` and resumes the parked requests: nothing is parked from now on.
    func beginDraining() {
        draining.store(true, ordering: .sequentiallyConsistent)
        parked.resumeAll()
    }

    /// The responder's reply to `request`, asked once, with an error thrown at once answered as
    /// `response(for:error:)` answers it.
    func reply(for request: Request) -> Reply {
        do {
            return try responder.reply(to: request)
        } catch {
            return .ready(Self.response(for: error, to: request))
        }
    }

    /// The work's answer, with thrown errors turned into responses so that no error text other
    /// than an `HTTPError`'s message ever reaches a client.
    static func response(
        for request: Request, from work: @Sendable () async throws -> Response
    ) async -> Response {
        do {
            return try await work()
        } catch {
            return response(for: error, to: request)
        }
    }

    /// What the client gets for an error: an `HTTPError`'s own answer, except that a `500`'s
    /// message, like any other error, is logged in full (type, description, request id, method
    /// and path) and the client gets only "Internal Server Error": such a message is about the
    /// server, not the request.
    static func response(for error: any Error, to request: Request) -> Response {
        switch error {
        case let error as HTTPError where error.status != .internalServerError:
            return error.response
        case is CancellationError:
            // The deadline passed or the client left: this answer is dropped anyway.
            return Suspensions.timedOut
        default:
            let description = (error as? HTTPError)?.message ?? String(describing: error)
            request.logger.error(
                "500 Internal Server Error: \(String(reflecting: type(of: error))): \(description)",
                metadata: ["method": .string(request.method.rawValue), "path": .string(request.path)])
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
