import MicroHTTP

/// The answer to a request in this process, through `Server.inProcessResponse(to:method:bodySize:)`:
/// the request is parsed here as libmicrohttpd parses it on the wire.
struct InProcessTransport: BrowserTransport {
    let server: Server
    let host = "localhost"
    /// The address the server sees the browser connect from, as on loopback.
    let clientAddress = "127.0.0.1"

    func send(_ outgoing: OutgoingRequest) async throws -> ReceivedResponse {
        let headers = HTTPHeaders(outgoing.headers)
        let (path, query) = URLText.split(outgoing.target)
        var request = Request(
            method: HTTPMethod(rawValue: outgoing.method) ?? .get,
            path: URLText.percentDecoded(path, plusAsSpace: false),
            query: Self.firstValues(query.map { URLText.pairs(of: $0) } ?? []),
            headers: headers,
            cookies: Self.firstValues(headers.values("Cookie").flatMap(Self.cookies(in:))),
            clientAddress: clientAddress)
        // libmicrohttpd parses url-encoded (and multipart) bodies of POSTs; this browser sends
        // url-encoded ones only.
        if request.method == .post,
           headers["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            request.form = Self.firstValues(URLText.pairs(of: String(decoding: outgoing.body, as: UTF8.self)[...], isBody: true))
        }
        let response = await server.inProcessResponse(to: request, method: outgoing.method, bodySize: outgoing.body.count)
        var received = response.headers
        for cookie in response.cookies { received.add("Set-Cookie", cookie.headerValue) }
        return ReceivedResponse(status: response.status.code, headers: received, body: response.bodyBytes)
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
