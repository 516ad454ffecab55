import Foundation
import MicroHTTP

/// Requests over TCP to the server on loopback, on kept-alive connections: one per request in
/// flight, reused once answered, so a test may send several at once.
///
/// The socket calls block, so each exchange runs on a thread of its own rather than on the
/// concurrency pool: a test waiting for the server never holds one of the pool's few threads,
/// which the server's own responders may need.
final class LoopbackTransport: BrowserTransport {
    private let port: Int
    private let timeout: Duration
    private let idle = Locked<[LoopbackConnection]>([])
    let host: String

    /// Connects once to learn the address that answers (127.0.0.1, else ::1), and keeps that
    /// connection for the first request.
    init(port: Int, timeout: Duration) async throws {
        self.port = port
        self.timeout = timeout
        let first = try await Self.onThread { () throws(BrowserError) in try LoopbackConnection(port: port, timeout: timeout) }
        host = first.host
        idle.withLock { $0.append(first) }
    }

    /// `request` on the wire.
    private static func bytes(of request: OutgoingRequest) -> [UInt8] {
        var head = "\(request.method) \(URLText.requestTarget(request.target)) HTTP/1.1\r\n"
        for (name, value) in request.headers { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + request.body
    }

    func send(_ request: OutgoingRequest) async throws -> ReceivedResponse {
        let bytes = Self.bytes(of: request)
        let isHead = request.method == "HEAD"
        let (port, timeout) = (self.port, self.timeout)
        let reused = idle.withLock { $0.popLast() }
        let (response, connection) = try await Self.onThread { () throws(BrowserError) in
            if let reused {
                do throws(BrowserError) {
                    return (try reused.exchange(bytes, isHead: isHead), reused)
                } catch {
                    // Unless the server had closed the idle connection (the request never
                    // reached it), the failure is the answer. The connection made when the
                    // browser started waits idle too: a slow test may take longer than the
                    // server's connection timeout to send its first request.
                    guard reused.failedUnanswered else { throw error }
                }
            }
            let fresh = try LoopbackConnection(port: port, timeout: timeout)
            return (try fresh.exchange(bytes, isHead: isHead), fresh)
        }
        if connection.isReusable { idle.withLock { $0.append(connection) } }
        return response
    }

    func stream(_ request: OutgoingRequest) async throws -> StreamingResponse {
        let bytes = Self.bytes(of: request)
        let (port, timeout) = (self.port, self.timeout)
        let (connection, head) = try await Self.onThread { () throws(BrowserError) in
            let connection = try LoopbackConnection(port: port, timeout: timeout)
            try connection.sendRequest(bytes)
            return (connection, try connection.readHead())
        }
        let (body, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let chunked = head.headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true
        Thread.detachNewThread {
            // Until the last chunk, the server's closing, the socket's timeout or `stop`.
            while chunked, (200..<300).contains(head.status), let chunk = try? connection.nextChunk() {
                continuation.yield(chunk)
            }
            continuation.finish()
        }
        return StreamingResponse(status: head.status, headers: head.headers, body: body, stop: { connection.stop() })
    }

    /// Closes the idle connections (the server sees them go, so its shutdown need not wait).
    func close() async {
        idle.withLock { $0.removeAll() }
    }

    /// `body`'s result, run on a new thread while the caller's task waits without a thread.
    static func onThread<Result: Sendable>(
        _ body: @escaping @Sendable () throws(BrowserError) -> Result
    ) async throws(BrowserError) -> Result {
        let result: Swift.Result<Result, BrowserError> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Swift.Result { () throws(BrowserError) in try body() })
            }
        }
        return try result.get()
    }
}
