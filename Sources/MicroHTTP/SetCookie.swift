/// A cookie for the client to store, sent as one `Set-Cookie` header.
///
/// The server never emits an invalid cookie: unless `isValid`, it is dropped from
/// the response (and `headerValue` is empty). Valid means the name is an RFC 6265
/// token, the value is only `cookie-octet`s (no quotes, spaces, commas,
/// semicolons, backslashes or control characters; base64url fits) and the path
/// has no control characters or semicolons. A negative `maxAge` is sent as 0.
///
///     SetCookie(name: "nav", value: "abc").headerValue
///     // "nav=abc; Path=/; HttpOnly; SameSite=Lax"
public struct SetCookie: Sendable, Hashable {
    public enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public var name: String
    public var value: String
    public var path: String = "/"
    /// Seconds until the cookie expires; nil makes it a session cookie, 0 deletes it.
    public var maxAge: Int? = nil
    public var httpOnly: Bool = true
    public var secure: Bool = false
    public var sameSite: SameSite? = .lax

    public init(
        name: String, value: String, path: String = "/", maxAge: Int? = nil,
        httpOnly: Bool = true, secure: Bool = false, sameSite: SameSite? = .lax
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// Whether the cookie can be sent without breaking out of its header.
    public var isValid: Bool {
        !name.isEmpty && HTTPHeaders.allBytes(of: name, satisfy: HTTPHeaders.isTokenByte)
            && HTTPHeaders.allBytes(of: value, satisfy: Self.isCookieOctet)
            && HTTPHeaders.allBytes(of: path) { $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: ";") }
    }

    /// The `Set-Cookie` header value, or "" when the cookie is not `isValid`.
    public var headerValue: String {
        guard isValid else { return "" }
        // Appended into one string: the value is up to 4 KB and goes out with every page.
        var line = name
        line.reserveCapacity(name.utf8.count + value.utf8.count + path.utf8.count + 48)
        line += "="
        line += value
        if !path.isEmpty {
            line += "; Path="
            line += path
        }
        if let maxAge {
            line += "; Max-Age="
            line += String(max(0, maxAge))
        }
        if httpOnly { line += "; HttpOnly" }
        if secure { line += "; Secure" }
        if let sameSite {
            line += "; SameSite="
            line += sameSite.rawValue
        }
        return line
    }

    /// RFC 6265 `cookie-octet`.
    private static func isCookieOctet(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: return true
        default: return false
        }
    }
}
