#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking HTTP/1.1 client on one TCP connection, so tests control the exact
/// bytes sent, can reuse the connection and can see when the server closes it.
public final class TestClient {
    public struct Failure: Error, Equatable {
        public let operation: String
        public let code: Int32

        public init(operation: String, code: Int32) {
            self.operation = operation
            self.code = code
        }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// How long a read waits before it gives up: a server that never answers fails its test
    /// rather than hanging the run. Under ThreadSanitizer a hundred tests' servers share one
    /// process, each access checked: one fresh clone's run saw every request of 30 tests wait
    /// past 5 seconds at the same moment, and the same build passed when run again.
    #if ThreadSanitizer
    public static let readTimeout = 20
    #else
    public static let readTimeout = 5
    #endif

    /// Connects to 127.0.0.1:`port`, from the loopback address `source` when given (any of
    /// 127.0.0.0/8 works, so a test can play several clients); reads give up after
    /// `readTimeout` seconds. `receiveBuffer`, when given, fixes the socket's receive buffer
    /// (the kernel then advertises a window that small and never grows it): a client that does
    /// not read then holds the server's answer back after a few kilobytes.
    public init(port: Int, source: String? = nil, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(operation: "socket", code: errno) }
        var timeout = timeval(tv_sec: Self.readTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw Failure(operation: "bind", code: errno) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // No close here: deinit runs for a class whose initializer throws after
        // initializing every property, and a second close could hit a reused descriptor.
        guard result == 0 else { throw Failure(operation: "connect", code: errno) }
    }

    deinit {
        close(descriptor)
    }

    public func write(_ text: String) throws {
        try write(bytes: Array(text.utf8))
    }

    public func write(bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(operation: "send", code: errno) }
            sent += count
        }
    }

    /// Says the client will send nothing more (`shutdown(SHUT_WR)`), as some clients do after
    /// their last request, and keeps reading.
    public func finishWriting() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads one response; `head` says the request was HEAD (no body follows).
    public func readResponse(head: Bool = false) throws -> TestResponse {
        var response = try readHead()
        let length = response.header("Content-Length").flatMap { Int($0) }
        if head || response.status == 304 || response.status == 204 {
            return response
        } else if let length {
            while buffer.count < length {
                if try !fill() { throw Failure(operation: "read body", code: 0) }
            }
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else {
            while try fill() {}
            response.body = buffer
            buffer = []
        }
        return response
    }

    /// Reads a response's head only, leaving its body to `read(until:)` (a stream's).
    public func readHead() throws -> TestResponse {
        let separator = Array("\r\n\r\n".utf8)
        var end: Int? = nil
        while end == nil {
            end = buffer.indices.dropLast(3).first { Array(buffer[$0..<$0 + 4]) == separator }
            if end == nil, try !fill() { throw Failure(operation: "read head", code: 0) }
        }
        let headText = String(decoding: buffer[..<end!], as: UTF8.self)
        buffer.removeFirst(end! + 4)
        return TestResponse(head: headText)
    }

    /// Reads until what has arrived since the last call holds `text`, then returns all of it
    /// (raw: a chunked body's chunk sizes included); at the end of the stream, whatever came.
    public func read(until text: String) throws -> String {
        while !String(decoding: buffer, as: UTF8.self).contains(text) {
            if try !fill() { break }
        }
        defer { buffer = [] }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Whether bytes (or the end of the stream) arrive within `timeout`, without reading them.
    public func hasInput(within timeout: Duration) -> Bool {
        if !buffer.isEmpty { return true }
        var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        return poll(&descriptors, 1, milliseconds) > 0
    }

    /// True when the server has closed the connection (reading gives end of file).
    public func isClosedByServer() -> Bool {
        (try? fill()) == false && buffer.isEmpty
    }

    /// Reads more bytes into the buffer; false at end of file.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var count: Int
        // A signal to the test process (a child's exit) interrupts the wait: wait again.
        repeat {
            count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        } while count < 0 && errno == EINTR
        if count < 0 { throw Failure(operation: "recv", code: errno) }
        buffer += chunk[..<count]
        return count > 0
    }
}

/// One parsed response, plus its head exactly as received.
public struct TestResponse: Sendable {
    public let head: String
    public let status: Int
    public let headers: [(name: String, value: String)]
    public var body: [UInt8] = []

    public init(head: String) {
        self.head = head
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func header(_ name: String) -> String? { values(name).first }

    public func values(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }
}
