import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Response {
    /// Hands the response to libmicrohttpd as the answer on `connection`, dropping
    /// unsafe header fields and invalid cookies. Consumes a `.file` descriptor even
    /// on failure. `closing` asks the client not to reuse the connection; `requestID` is sent
    /// as `X-Request-Id`.
    func queue(on connection: OpaquePointer, closing: Bool, requestID: String) -> MHD_Result {
        guard let response = makeResponse() else {
            if case .file = body {
                return Response.text("Internal Server Error", status: .internalServerError)
                    .queue(on: connection, closing: closing, requestID: requestID)
            }
            return .NO
        }
        defer { MHD_destroy_response(response) }
        var lines = HeaderLines(capacity: 1024)
        lines.append(name: "X-Request-Id", value: requestID)
        lines.append(headers)
        for cookie in cookies { lines.append(cookie) }
        if closing { lines.append(name: "Connection", value: "close") }
        lines.add(to: response)
        // A status libmicrohttpd cannot send (or a 1xx) is the responder's bug, not
        // the client's, so it is reported as such.
        let code = (200...599).contains(status.code) ? status.code : 500
        return MHD_queue_response(connection, UInt32(code), response)
    }

    private func makeResponse() -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            return makeBytesResponse(bytes)
        case .file(let descriptor, let size):
            if size >= 0, let response = MHD_create_response_from_fd(size, descriptor) {
                return response
            }
            close(descriptor)
            return nil
        case .events(let stream):
            return makeEventResponse(stream)
        }
    }
}
