#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Musl)
import Musl
private let streamSocket = SOCK_STREAM
private let sendFlags = MSG_NOSIGNAL
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
private let sendFlags: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
#endif
import MicroHTTP

/// One TCP connection to the server on loopback, with blocking POSIX calls: used by one thread
/// at a time (the pool in `LoopbackTransport` hands it over under a lock, hence
/// `@unchecked Sendable`).
final class LoopbackConnection: @unchecked Sendable {
    private let descriptor: Int32
    /// Bytes received and not yet read as part of a response.
    var buffer: [UInt8] = []
    /// Bytes received since the last request was sent.
    private var receivedSinceSend = 0
    /// After a failed exchange: whether nothing at all came back. On a connection that waited
    /// idle (kept alive, or opened ahead of its first request), that means the server had closed
    /// it for idleness before the request reached it, so sending again on a new one is safe.
    private(set) var failedUnanswered = false
    /// False once the server said it closes the connection, or ended a body by closing it.
    private(set) var isReusable = true
    /// `[::1]:8080` or `127.0.0.1:8080`: what `Host` names.
    let host: String

    /// Connects to `port` on 127.0.0.1, else on ::1; sends and reads give up after `timeout`.
    init(port: Int, timeout: Duration) throws(BrowserError) {
        var lastError: Int32 = 0
        for (family, address) in [(AF_INET, "127.0.0.1"), (AF_INET6, "::1")] {
            let descriptor = socket(family, streamSocket, 0)
            guard descriptor >= 0 else { throw .connection(operation: "socket", code: errno) }
            Self.configure(descriptor, timeout: timeout)
            if Self.connect(descriptor, family: family, address: address, port: port) {
                self.descriptor = descriptor
                host = family == AF_INET ? "127.0.0.1:\(port)" : "[::1]:\(port)"
                return
            }
            lastError = errno
            _ = Self.closeSocket(descriptor)
        }
        throw .connection(operation: "connect to port \(port)", code: lastError)
    }

    deinit {
        _ = Self.closeSocket(descriptor)
    }

    /// Sends `request` and reads its answer; `isHead` says no body follows.
    func exchange(_ request: [UInt8], isHead: Bool) throws(BrowserError) -> ReceivedResponse {
        receivedSinceSend = 0
        do {
            try write(request)
            while true {
                let response = try readResponse(isHead: isHead)
                guard (100..<200).contains(response.status) else {
                    if response.headers["Connection"]?.lowercased() == "close" { isReusable = false }
                    return response
                }
            }
        } catch {
            isReusable = false
            failedUnanswered = receivedSinceSend == 0
            throw error
        }
    }

    /// Sends `bytes` alone, for a response read as it arrives (`readHead()`, `nextChunk()`).
    func sendRequest(_ bytes: [UInt8]) throws(BrowserError) {
        receivedSinceSend = 0
        try write(bytes)
    }

    private func write(_ bytes: [UInt8]) throws(BrowserError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, sendFlags) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                isReusable = false
                throw .connection(operation: "send", code: errno)
            }
            sent += count
        }
    }

    /// Reads more bytes into `buffer`; false at the end of the stream.
    func fill() throws(BrowserError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var count: Int
        // A signal to the test process (a child's exit, a service's SIGTERM) interrupts the wait.
        repeat {
            count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        } while count < 0 && errno == EINTR
        if count < 0 {
            isReusable = false
            throw .connection(operation: "recv", code: errno)
        }
        if count == 0 { isReusable = false }
        receivedSinceSend += count
        buffer += chunk[..<count]
        return count > 0
    }

    /// Closes both directions while another thread may be reading: its read then ends.
    func stop() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Marks the connection as one the server will close (a body read to its end).
    func markClosing() {
        isReusable = false
    }

    private static func configure(_ descriptor: Int32, timeout: Duration) {
        let seconds = max(1, timeout.components.seconds)
        var time = timeval()
        time.tv_sec = .init(seconds)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private static func connect(_ descriptor: Int32, family: Int32, address: String, port: Int) -> Bool {
        if family == AF_INET {
            var socketAddress = sockaddr_in()
            #if canImport(Darwin)
            socketAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            socketAddress.sin_family = sa_family_t(family)
            socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(family, address, &socketAddress.sin_addr) == 1 else { return false }
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
        }
        var socketAddress = sockaddr_in6()
        #if canImport(Darwin)
        socketAddress.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        socketAddress.sin6_family = sa_family_t(family)
        socketAddress.sin6_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(family, address, &socketAddress.sin6_addr) == 1 else { return false }
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }

    private static func closeSocket(_ descriptor: Int32) -> Int32 {
        close(descriptor)
    }
}

/// The C library's `connect`, which the connection's own static method hides.
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
