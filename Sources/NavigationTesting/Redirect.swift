/// A redirect the browser followed on the way to a page.
public struct Redirect: Sendable, Hashable {
    /// The redirect's status: 301, 302, 303, 307 or 308.
    public let status: Int
    /// The URL (path and query) that answered with the redirect.
    public let from: String
    /// Where it sent the browser: the `Location` header resolved against `from`, as a path and
    /// query on the same site.
    public let location: String
    /// The `Set-Cookie` fields the redirect carried, as sent (a sign-in's cookie comes with its
    /// 303). Not compared: two redirects are equal by status, `from` and `location`.
    public let setCookies: [String]

    /// A redirect from `from` to `location` with `status`.
    public init(status: Int, from: String, location: String, setCookies: [String] = []) {
        self.status = status
        self.from = from
        self.location = location
        self.setCookies = setCookies
    }

    public static func == (lhs: Redirect, rhs: Redirect) -> Bool {
        lhs.status == rhs.status && lhs.from == rhs.from && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(status)
        hasher.combine(from)
        hasher.combine(location)
    }
}
