#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// The socket address types, as libmicrohttpd's header brings them in.
import CMicroHTTPD

/// An IP address and port to listen on, parsed from a literal so that binding
/// never depends on name resolution.
struct SocketAddress {
    private enum Storage {
        case v4(sockaddr_in)
        case v6(sockaddr_in6)
    }

    private let storage: Storage

    /// Nil unless `host` is an IPv4 literal, an IPv6 literal (brackets optional)
    /// or "localhost".
    init?(host: String, port: UInt16) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            storage = .v4(v4)
            return
        }
        var v6 = sockaddr_in6()
        let bare = literal.hasPrefix("[") && literal.hasSuffix("]")
            ? String(literal.dropFirst().dropLast()) : literal
        if inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            storage = .v6(v6)
            return
        }
        return nil
    }

    var isIPv6: Bool {
        if case .v6 = storage { return true }
        return false
    }

    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        switch storage {
        case .v4(var address):
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
            }
        case .v6(var address):
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
            }
        }
    }
}

extension SocketAddress {
    /// An IPv4 address's four bytes in dotted decimal, as the server writes its clients' addresses
    /// (`Request.clientAddress`) without glibc's `inet_ntop`, which formats through `sprintf`.
    static func dottedDecimal(_ address: UnsafeRawBufferPointer) -> String? {
        guard address.count == 4, let bytes = address.baseAddress else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16) { text in
            shim_format_ipv4(bytes.assumingMemoryBound(to: UInt8.self), text.baseAddress!, text.count) == 0
                ? nil : String(cString: text.baseAddress!)
        }
    }
}
