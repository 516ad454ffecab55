import Logging
import MicroHTTP

/// Logs one line per request: the client's address (see `Request.clientAddress`), method, path,
/// status and duration. The path is logged with its control characters escaped, so a request
/// cannot forge log lines.
public struct RequestLogger: HTTPResponder {
    let next: any HTTPResponder
    let logger: Logger

    /// - Parameters:
    ///   - next: The responder that answers; this one only logs.
    ///   - logger: Where the lines go, at `info` level.
    public init(next: any HTTPResponder, logger: Logger) {
        self.next = next
        self.logger = logger
    }

    /// The answer of `next`, logged with its status and how long it took in microseconds. When
    /// `next` throws, the line has the status the server answers for the error (an
    /// `HTTPError`'s, else 500) and the error is thrown on.
    public func respond(to request: Request) async throws -> Response {
        try await reply(to: request).response()
    }

    /// `next`'s reply, logged once its answer (or error) comes.
    public func reply(to request: Request) throws -> Reply {
        try RequestLog(logger: logger).reply(to: request, next: next)
    }
}

/// One line per request, as ``RequestLogger`` writes it, as a middleware (``NavigationServer``
/// puts it around everything else).
public struct RequestLog: HTTPMiddleware {
    let logger: Logger

    /// Lines go to `logger`, at `info` level.
    public init(logger: Logger) {
        self.logger = logger
    }

    /// `next`'s reply, logged once its answer (or error) comes: the client's address, method,
    /// path (control characters escaped), status and duration.
    public func reply(to request: Request, next: any HTTPResponder) throws -> Reply {
        let start = ContinuousClock.now
        let reply: Reply
        do {
            reply = try next.reply(to: request)
        } catch {
            log(request, Self.status(of: error), since: start)
            throw error
        }
        // Not through `Reply.transforming`: its escaping closure, holding a copy of the request,
        // was made on the heap for every answer, the ready ones included.
        guard case .pending(let work) = reply else {
            if case .ready(let response) = reply { log(request, response.status, since: start) }
            return reply
        }
        return .pending { [self] in
            do {
                let response = try await work()
                log(request, response.status, since: start)
                return response
            } catch {
                log(request, Self.status(of: error), since: start)
                throw error
            }
        }
    }

    private func log(_ request: Request, _ status: HTTPStatus, since start: ContinuousClock.Instant) {
        let micros = Int((ContinuousClock.now - start) / .microseconds(1))
        let client = request.clientAddress.isEmpty ? "-" : request.clientAddress
        let line = Self.line(client, request.method.rawValue, Self.printable(request.path), status.code, micros)
        // The source named, not found again in `#fileID` for every line.
        logger.info(Logger.Message(stringLiteral: line),
                    metadata: request.id.isEmpty ? nil : ["request_id": .string(request.id)], source: "NavigationHTML")
    }

    /// `client method path status durationµs`, written into the string's own storage: a line is
    /// written for every request, and a dozen appends to a `String` (each keeping its count and
    /// ASCII flag up to date), or to bytes then copied into one, were most of the line's cost.
    static func line(_ client: String, _ method: String, _ path: String, _ status: Int, _ micros: Int) -> String {
        let unit = "µs"
        let capacity = client.utf8.count + method.utf8.count + path.utf8.count + unit.utf8.count
            + 4 + digitCount(of: status) + digitCount(of: micros)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var end = 0
            func put(_ text: String) {
                // Read where it is, not through `withUTF8` on a copy (a retain and a release).
                end = text.utf8.withContiguousStorageIfAvailable { buffer[end...].initialize(fromContentsOf: $0) }
                    ?? buffer[end...].initialize(fromContentsOf: text.utf8)
            }
            func space() {
                buffer[end] = UInt8(ascii: " ")
                end += 1
            }
            put(client)
            space()
            put(method)
            space()
            put(path)
            space()
            end = writeDigits(of: status, into: buffer, at: end)
            space()
            end = writeDigits(of: micros, into: buffer, at: end)
            put(unit)
            return end
        }
    }

    /// How many bytes `number`'s decimal text takes, its minus sign included.
    private static func digitCount(of number: Int) -> Int {
        var magnitude = number.magnitude
        var count = number < 0 ? 2 : 1
        while magnitude >= 10 {
            magnitude /= 10
            count += 1
        }
        return count
    }

    /// Writes `number`'s decimal text (a minus sign first when it is negative) at `index`, where
    /// `digitCount(of:)` bytes are free, and returns the index after it; the digits are written
    /// from the last, so none is moved afterwards.
    private static func writeDigits(of number: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
        let end = index + digitCount(of: number)
        if number < 0 { buffer[index] = UInt8(ascii: "-") }
        var magnitude = number.magnitude
        var position = end
        repeat {
            position -= 1
            buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        return end
    }

    /// The status the server answers for an error (see `HTTPResponder`): a cancelled request
    /// (its deadline passed, or its client left) gets 503, not the 500 of an unexpected error.
    private static func status(of error: any Error) -> HTTPStatus {
        if error is CancellationError { return .serviceUnavailable }
        return (error as? HTTPError)?.status ?? .internalServerError
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
