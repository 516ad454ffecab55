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
        !name.isEmpty && name.utf8.allSatisfy(HTTPHeaders.isTokenByte)
            && value.utf8.allSatisfy(Self.isCookieOctet)
            && path.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: ";") }
    }

    /// The `Set-Cookie` header value, or "" when the cookie is not `isValid`.
    public var headerValue: String {
        guard isValid else { return "" }
        var parts = ["\(name)=\(value)"]
        if !path.isEmpty { parts.append("Path=\(path)") }
        if let maxAge { parts.append("Max-Age=\(max(0, maxAge))") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        if let sameSite { parts.append("SameSite=\(sameSite.rawValue)") }
        return parts.joined(separator: "; ")
    }

    /// RFC 6265 `cookie-octet`.
    private static func isCookieOctet(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: return true
        default: return false
        }
    }
}
