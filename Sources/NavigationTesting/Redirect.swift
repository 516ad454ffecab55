/// A redirect the browser followed on the way to a page.
public struct Redirect: Sendable, Hashable {
    /// The redirect's status: 301, 302, 303, 307 or 308.
    public let status: Int
    /// The URL (path and query) that answered with the redirect.
    public let from: String
    /// Where it sent the browser: the `Location` header resolved against `from`, as a path and
    /// query on the same site.
    public let location: String

    /// A redirect from `from` to `location` with `status`.
    public init(status: Int, from: String, location: String) {
        self.status = status
        self.from = from
        self.location = location
    }
}
