#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Server {
    /// The answer this server gives a request, worked out in this process without a socket:
    /// what a test kit runs to exercise an app's whole pipeline without a port.
    ///
    /// The request goes through the steps the server's workers take once libmicrohttpd has
    /// parsed a request: a method outside `HTTPMethod` is answered `405` with `Allow`, and a body
    /// over the configured `maxBodySize` `413`, neither reaching the responder; a trusted proxy's
    /// forwarded headers are read (when `clientAddress` is one of
    /// `ServerConfiguration.trustedProxies`); the responder's reply is asked once
    /// (`HTTPResponder.reply(to:)`), and its work, when the answer is not ready, gives way to
    /// `503` with `Retry-After` and is cancelled when the configured `requestDeadline` passes
    /// first; thrown errors become responses as the server turns them (an `HTTPError`'s own
    /// response, any other error a bare `500`). The answer is then trimmed as the server trims what it sends: header fields unsafe on the wire
    /// and invalid cookies dropped, a status outside 200...599 sent as `500`, and no body for a
    /// HEAD. A `.file` body is read into bytes and its descriptor closed; an `.events` body is
    /// the stream itself, which the caller reads (`EventStream.received()`) and ends.
    /// `Content-Length`, `Date` and `Connection`, which libmicrohttpd writes,
    /// are not added.
    ///
    /// The server need not be started, and answering in process does not start it.
    ///
    /// ```swift
    /// let server = Server(configuration: ServerConfiguration(port: 0), responder: Hello())
    /// let response = await server.inProcessResponse(to: Request(method: .get, path: "/"))
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request as libmicrohttpd would hand it over: path percent-decoded, query,
    ///     cookies and form fields parsed; `clientAddress` the connection's peer.
    ///   - method: The method as the request line spelled it: one that is not an `HTTPMethod`
    ///     (`PROPFIND`) is answered `405`, one that is replaces `request.method`. Nil (the
    ///     default) takes `request.method`.
    ///   - bodySize: The length of the request's body in bytes, which the server holds against
    ///     `maxBodySize` before reading it.
    public func inProcessResponse(to request: Request, method: String? = nil, bodySize: Int = 0) async -> Response {
        // In the server's order: the declared length is checked as the headers arrive, the
        // method once the request is complete.
        if bodySize > core.maxBodySize {
            return ServerCore.payloadTooLarge.identified(core.requestIDs.next())
                .asSent(toHead: (method ?? request.method.rawValue) == "HEAD")
        }
        var request = request
        if let method {
            guard let known = HTTPMethod(rawValue: method) else {
                return ServerCore.methodNotAllowed.identified(core.requestIDs.next()).asSent(toHead: false)
            }
            request.method = known
        }
        request.baseLogger = core.logger
        if !core.proxies.isEmpty { core.proxies.apply(to: &request) }
        if request.id.isEmpty { request.id = core.requestIDs.next() }
        let response = switch core.reply(for: request) {
        case .ready(let response): response
        case .pending(let work): await core.response(for: request, from: work, within: core.requestDeadline)
        }
        return response.identified(request.id).asSent(toHead: request.method == .head)
    }
}

extension ServerCore {
    /// `work`'s answer to `request`, unless `deadline` passes first: then `503` with
    /// `Retry-After`, as a waiting request gets from the server, and the work is cancelled. A
    /// cancelled caller cancels the work too.
    func response(
        for request: Request, from work: @escaping @Sendable () async throws -> Response, within deadline: Duration
    ) async -> Response {
        /// The caller waiting for the first answer, and the tasks racing to give it.
        let race = Locked<(waiting: CheckedContinuation<Response, Never>?, work: Task<Void, Never>?, timer: Task<Void, Never>?)>(
            (nil, nil, nil))
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.withLock { $0.waiting = continuation }
                let running = Task {
                    let response = await ServerCore.response(for: request, from: work)
                    let (waiting, timer) = race.withLock { race in
                        defer { race.waiting = nil }
                        return (race.waiting, race.timer)
                    }
                    timer?.cancel()
                    waiting?.resume(returning: response)
                }
                let timer = Task {
                    try? await Task.sleep(for: deadline)
                    guard !Task.isCancelled else { return }
                    let waiting = race.withLock { race in
                        defer { race.waiting = nil }
                        return race.waiting
                    }
                    guard let waiting else { return }
                    running.cancel()
                    waiting.resume(returning: Suspensions.timedOut)
                }
                race.withLock { race in
                    race.work = running
                    race.timer = timer
                }
            }
        } onCancel: {
            race.withLock { $0.work }?.cancel()
        }
    }
}

extension Response {
    /// The response as the server puts it on the wire (see `queue(on:closing:)`): unsafe header
    /// fields and invalid cookies dropped, a status outside 200...599 made `500`, a file read
    /// into bytes (its descriptor closed), and no body at all for a HEAD.
    func asSent(toHead isHead: Bool) -> Response {
        var sent = Response(status: (200...599).contains(status.code) ? status : .internalServerError)
        for field in headers where HTTPHeaders.isSafeField(name: field.name, value: field.value) {
            sent.headers.add(field.name, field.value)
        }
        sent.cookies = cookies.filter(\.isValid)
        switch body {
        case .bytes(let bytes):
            sent.body = .bytes(isHead ? [] : bytes)
        case .file(let descriptor, let size):
            sent.body = .bytes(isHead ? [] : Self.read(descriptor, size: size))
            close(descriptor)
        case .events(let stream):
            // The caller reads the stream itself (`EventStream.received`).
            if isHead { stream.terminate() }
            sent.body = isHead ? .bytes([]) : body
        }
        return sent
    }

    /// Up to `size` bytes from the start of the open file `descriptor`.
    private static func read(_ descriptor: Int32, size: Int) -> [UInt8] {
        guard size > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: size)
        var count = 0
        while count < size {
            let got = bytes[count...].withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(count)) }
            if got <= 0 { break }
            count += got
        }
        return Array(bytes[..<count])
    }
}

extension Response {
    /// The response with `X-Request-Id`, as the server sends each.
    fileprivate func identified(_ id: String) -> Response {
        var response = self
        response.headers.replace("X-Request-Id", id)
        return response
    }
}
