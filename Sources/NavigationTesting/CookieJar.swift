/// The cookies a `TestBrowser` keeps, stored and sent as a browser does for one site.
///
/// A `Set-Cookie` stores its cookie under its name and path, replacing an earlier one; `Max-Age`
/// of 0 or less deletes it. A `Secure` cookie is kept and sent only when the site's origin is
/// https, and a `__Host-` cookie only when it is also `Secure` with `Path=/` and no `Domain`,
/// so the state cookie lives as `nav` over http and as `__Host-nav` behind an https proxy,
/// exactly as a browser keeps it. `Expires` is not read: a cookie without `Max-Age` lasts as
/// long as the browser.
struct CookieJar: Sendable {
    struct Cookie: Sendable, Hashable {
        let name: String
        var value: String
        let path: String
        let isSecure: Bool
    }

    private(set) var cookies: [Cookie] = []
    /// Whether the site is https, as Secure and `__Host-` cookies require.
    let isSecureOrigin: Bool

    init(isSecureOrigin: Bool) {
        self.isSecureOrigin = isSecureOrigin
    }

    /// Stores what a `Set-Cookie` header says, for a response to `requestPath`.
    mutating func store(setCookie header: String, requestPath: String) {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return }
        let name = pair[..<equals].trimmedOfBlanks
        let value = pair[pair.index(after: equals)...].trimmedOfBlanks
        guard !name.isEmpty else { return }
        var path: String?
        var maxAge: Int?
        var secure = false
        var domain: String?
        for attribute in parts.dropFirst() {
            let split = attribute.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = split[0].trimmedOfBlanks.lowercased()
            let argument = split.count > 1 ? split[1].trimmedOfBlanks : ""
            switch key {
            case "path": path = argument.hasPrefix("/") ? argument : nil
            case "max-age": maxAge = Int(argument) ?? maxAge
            case "secure": secure = true
            case "domain": domain = argument
            default: break
            }
        }
        if secure, !isSecureOrigin { return }
        if name.hasPrefix("__Host-"), !secure || path != "/" || domain != nil { return }
        if name.hasPrefix("__Secure-"), !secure { return }
        let cookie = Cookie(name: name, value: value, path: path ?? Self.defaultPath(of: requestPath), isSecure: secure)
        cookies.removeAll { $0.name == cookie.name && $0.path == cookie.path }
        if let maxAge, maxAge <= 0 { return }
        cookies.append(cookie)
    }

    /// The `Cookie` header for a request to `path`, or nil when no cookie applies: longer paths
    /// first, as browsers order them.
    func header(for path: String) -> String? {
        let requestPath = String(URLText.split(path).path)
        let sent = cookies.filter { Self.path(requestPath, matches: $0.path) && (!$0.isSecure || isSecureOrigin) }
            .sorted { $0.path.count > $1.path.count }
        return sent.isEmpty ? nil : sent.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Sets a cookie by hand (a test tampering with its state), for every path.
    mutating func set(_ name: String, _ value: String) {
        cookies.removeAll { $0.name == name }
        cookies.append(Cookie(name: name, value: value, path: "/", isSecure: isSecureOrigin))
    }

    mutating func remove(_ name: String) {
        cookies.removeAll { $0.name == name }
    }

    mutating func removeAll() {
        cookies.removeAll()
    }

    /// RFC 6265 path-match.
    private static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// RFC 6265 default-path: the request path up to its last `/`, or `/`.
    private static func defaultPath(of requestPath: String) -> String {
        let path = URLText.split(requestPath).path
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}

extension Substring {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmedOfBlanks: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
