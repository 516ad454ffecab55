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
    /// Which requests started by other sites carry the cookie (the `SameSite` attribute).
    public enum SameSite: String, Sendable {
        /// None: even a link followed from another site brings the user in without it.
        case strict = "Strict"
        /// Top-level navigations with a safe method (a followed link); never a cross-site form POST
        /// or a subresource request.
        case lax = "Lax"
        /// All of them; browsers refuse the cookie unless `secure` is set (not checked here).
        case none = "None"
    }

    /// An RFC 6265 token; any other name makes the cookie invalid, so it is never sent.
    public var name: String
    /// Sent as is, never encoded: only `cookie-octet`s (see above), else the cookie is dropped.
    public var value: String
    /// The URL path under which the browser sends the cookie back, by default "/" (the whole site).
    /// An empty path leaves the attribute out, and the browser takes the request's directory.
    public var path: String = "/"
    /// Seconds until the cookie expires; nil makes it a session cookie, 0 deletes it.
    public var maxAge: Int? = nil
    /// Hides the cookie from page scripts (`document.cookie`); on by default.
    public var httpOnly: Bool = true
    /// Asks the browser to send the cookie over HTTPS only. Off by default, as the server speaks
    /// plain HTTP: behind a TLS proxy, set it from `Request.isHTTPS`.
    public var secure: Bool = false
    /// `.lax` by default; nil leaves the attribute out, and the browser applies its own default.
    public var sameSite: SameSite? = .lax

    /// Unless told otherwise, the cookie covers the whole site, lasts the browser session, is
    /// hidden from scripts and is `Lax`. Nothing is checked until it is sent (see `isValid`).
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
        !name.isEmpty && ByteClass.token.containsAll(name) && ByteClass.cookieOctet.containsAll(value)
            && ByteClass.cookiePath.containsAll(path)
    }

    /// The `Set-Cookie` header value, or "" when the cookie is not `isValid`.
    public var headerValue: String {
        var line = HeaderLines(capacity: name.utf8.count + value.utf8.count + path.utf8.count + 64)
        return write(into: &line) ? line.text : ""
    }

    /// Appends the header value to `line` when the cookie `isValid`; otherwise appends nothing
    /// and returns false. Written where the response's fields are: the value is up to 4 KB and
    /// goes out with every page.
    func write(into line: inout HeaderLines) -> Bool {
        guard isValid else { return false }
        line.append(unchecked: name)
        line.append(ascii: "=")
        line.append(unchecked: value)
        if !path.isEmpty {
            line.append(ascii: "; Path=")
            line.append(unchecked: path)
        }
        if let maxAge {
            line.append(ascii: "; Max-Age=")
            line.append(decimal: max(0, maxAge))
        }
        if httpOnly { line.append(ascii: "; HttpOnly") }
        if secure { line.append(ascii: "; Secure") }
        switch sameSite {
        case .strict?: line.append(ascii: "; SameSite=Strict")
        case .lax?: line.append(ascii: "; SameSite=Lax")
        case .none?: line.append(ascii: "; SameSite=None")
        case nil: break
        }
        return true
    }
}
