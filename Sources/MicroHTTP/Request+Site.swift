extension Request {
    /// Whether the browser says the request came from another site: a `Sec-Fetch-Site` other than
    /// `same-origin` or `none`, or an `Origin` whose scheme and host are not this request's (the
    /// scheme a trusted proxy reported, else http or https). A request with neither header (curl,
    /// another server) is not from another site: browsers send them, and only a browser carries a
    /// user's cookies to a site that did not ask for it.
    public var isFromAnotherSite: Bool {
        if let site = headers["Sec-Fetch-Site"], site != "same-origin", site != "none" { return true }
        guard let origin = headers["Origin"] else { return false }
        guard let host, !host.isEmpty else { return true }
        // Behind a trusted proxy the scheme is known; a request that came straight (or through a
        // proxy not trusted) may have been https in front of the server.
        if let scheme = forwardedScheme { return origin != scheme + "://" + host }
        return origin != "http://" + host && origin != "https://" + host
    }
}
