import MicroHTTP

/// The answer to a request in this process, through `Server.inProcessResponse(to:method:bodySize:)`:
/// the request is parsed here as libmicrohttpd parses it on the wire.
struct InProcessTransport: BrowserTransport {
    let server: Server
    let host = "localhost"
    /// The address the server sees the browser connect from, as on loopback.
    let clientAddress = "127.0.0.1"

    func send(_ outgoing: OutgoingRequest) async throws -> ReceivedResponse {
        let response = await server.inProcessResponse(to: request(for: outgoing), method: outgoing.method, bodySize: outgoing.body.count)
        // An event stream's body is read with `stream(_:)`; here it ends unread (a reader that
        // is dropped ends its stream).
        if case .events(let events) = response.body { _ = events.received() }
        return received(response, body: response.bodyBytes)
    }

    func stream(_ outgoing: OutgoingRequest) async throws -> StreamingResponse {
        let response = await server.inProcessResponse(to: request(for: outgoing), method: outgoing.method, bodySize: outgoing.body.count)
        let answer = received(response, body: [])
        guard case .events(let events) = response.body else {
            let (body, continuation) = AsyncStream.makeStream(of: [UInt8].self)
            continuation.yield(response.bodyBytes)
            continuation.finish()
            return StreamingResponse(status: answer.status, headers: answer.headers, body: body, stop: {})
        }
        let received = events.received()
        return StreamingResponse(status: answer.status, headers: answer.headers, body: received, stop: { events.finish() })
    }

    private func received(_ response: Response, body: [UInt8]) -> ReceivedResponse {
        var received = response.headers
        for cookie in response.cookies { received.add("Set-Cookie", cookie.headerValue) }
        return ReceivedResponse(status: response.status.code, headers: received, body: body)
    }

    /// `outgoing` as libmicrohttpd would hand it to the server.
    private func request(for outgoing: OutgoingRequest) -> Request {
        let headers = HTTPHeaders(outgoing.headers)
        let (path, query) = URLText.split(outgoing.target)
        let arguments = query.map { URLText.pairs(of: $0) } ?? []
        var request = Request(
            method: HTTPMethod(rawValue: outgoing.method) ?? .get,
            path: URLText.percentDecoded(path, plusAsSpace: false),
            query: Self.firstValues(arguments), queryItems: arguments,
            headers: headers,
            cookies: Self.firstValues(headers.values("Cookie").flatMap(Self.cookies(in:))),
            clientAddress: clientAddress)
        // libmicrohttpd parses url-encoded (and multipart) bodies of POSTs; this browser sends
        // url-encoded ones only.
        // Any other body (JSON, text) reaches the responder as it came.
        if request.method == .post,
           headers["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            request.form = Self.firstValues(URLText.pairs(of: String(decoding: outgoing.body, as: UTF8.self)[...], isBody: true))
        } else {
            request.body = outgoing.body
        }
        return request
    }

    func close() async {}

    /// The cookies of one `Cookie` field: `name=value` pairs separated by `;`.
    private static func cookies(in field: String) -> [(String, String)] {
        field.split(separator: ";").compactMap { pair in
            let trimmed = pair.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            var value = trimmed[trimmed.index(after: equals)...]
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            return (String(trimmed[..<equals]), String(value))
        }
    }

    /// Pairs as the server hands them over: where a name repeats, the first value wins.
    private static func firstValues(_ pairs: [(String, String)]) -> [String: String] {
        Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }
}
