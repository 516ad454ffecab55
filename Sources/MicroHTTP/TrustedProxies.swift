#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// The socket address types, as libmicrohttpd's header brings them in.
import CMicroHTTPD

/// The proxies whose `X-Forwarded-For`, `X-Forwarded-Proto`, `X-Forwarded-Host` and `X-Request-Id` headers the
/// server believes: only a request whose connection comes from one of these addresses has them
/// read, so a client that sends them itself gains nothing.
///
/// One proxy hop is trusted: of each header the last entry counts, the one the trusted proxy
/// wrote (nginx's `$proxy_add_x_forwarded_for` appends the address it saw to what the client
/// sent). An entry that is not a well-formed address, scheme or host is ignored.
struct TrustedProxies: Sendable {
    private let addresses: Set<String>

    /// Nil unless every element is an IPv4 or IPv6 literal.
    init?(_ literals: [String]) {
        var addresses: Set<String> = []
        for literal in literals {
            guard let address = Self.normalized(literal) else { return nil }
            addresses.insert(address)
        }
        self.addresses = addresses
    }

    var isEmpty: Bool { addresses.isEmpty }

    /// Fills in what a trusted proxy reports about `request`, whose `clientAddress` is the
    /// connection's peer.
    func apply(to request: inout Request) {
        guard addresses.contains(request.clientAddress) else { return }
        let headers = request.headers
        if let client = Self.lastEntry(of: "X-Forwarded-For", in: headers).flatMap(Self.normalized) {
            request.clientAddress = client
        }
        switch Self.lastEntry(of: "X-Forwarded-Proto", in: headers)?.lowercased() {
        case "https": request.forwardedScheme = "https"
        case "http": request.forwardedScheme = "http"
        default: break
        }
        if let host = Self.lastEntry(of: "X-Forwarded-Host", in: headers), Self.isHost(host) {
            request.forwardedHost = host
        }
        if let id = headers["X-Request-Id"], RequestIDs.isValid(id) {
            request.id = id
        }
    }

    /// The last comma-separated entry of the header's last field, trimmed.
    private static func lastEntry(of name: String, in headers: HTTPHeaders) -> String? {
        guard let field = headers.values(name).last,
              let entry = field.split(separator: ",", omittingEmptySubsequences: false).last
        else { return nil }
        let trimmed = entry.trimmingPrefix { $0 == " " || $0 == "\t" }
        let end = trimmed.lastIndex { $0 != " " && $0 != "\t" }.map { trimmed.index(after: $0) } ?? trimmed.startIndex
        return trimmed.isEmpty ? nil : String(trimmed[..<end])
    }

    /// A host name or address with an optional port: letters, digits, `.`, `-`, `:`, `[`, `]`.
    private static func isHost(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255 && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
                 UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
                return true
            default:
                return false
            }
        }
    }

    /// An IP literal in the form the server reports peers in (`inet_ntop`'s, IPv4-mapped IPv6
    /// addresses as IPv4, both written by the formatter the server uses for its peers), or nil
    /// for anything else. Behind a proxy, every request's `X-Forwarded-For` passes here.
    static func normalized(_ literal: String) -> String? {
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            return withUnsafeBytes(of: v4, SocketAddress.dottedDecimal)
        }
        var v6 = in6_addr()
        let bare = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        guard inet_pton(AF_INET6, bare, &v6) == 1 else { return nil }
        return withUnsafeBytes(of: v6) { bytes in
            if bytes.prefix(10).allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return SocketAddress.dottedDecimal(UnsafeRawBufferPointer(rebasing: bytes[12...]))
            }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            return inet_ntop(AF_INET6, bytes.baseAddress, &text, socklen_t(text.count)).map { String(cString: $0) }
        }
    }
}
