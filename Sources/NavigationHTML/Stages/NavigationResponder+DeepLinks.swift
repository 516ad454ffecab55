import MicroHTTP
import Navigation

extension NavigationResponder {
    /// What the app makes of a deep link with its data (`NavigationApp.deepLink(_:query:)`): the
    /// URL to answer with, or why the link names nothing (a client's mistake: under 500). Nil
    /// for a request that is no deep link (a tab's path, `/`, not a GET) or one the app leaves
    /// to the schema.
    nonisolated(nonsending) func appDeepLink(_ request: Request) async throws -> Result<String, HTTPError>? {
        guard request.method == .get || request.method == .head else { return nil }
        // The first segment alone, as most requests name a tab: the path is split only for a link.
        let first = request.path.utf8.dropFirst().prefix { $0 != UInt8(ascii: "/") }
        guard !first.isEmpty, Schema.Tab(rawValue: String(Substring(first))) == nil else { return nil }
        do {
            return try await app.deepLink(PathReader(path: request.path), query: request.query).map { .success($0.url) }
        } catch let error as HTTPError where error.status.code < 500 {
            return .failure(error)
        }
    }

    /// The answer to a deep link the app read: a 303 to its URL, with the headers every page's
    /// answer carries.
    func redirect(toDeepLink url: String) -> Response {
        var response = Response.redirect(to: url)
        addPageHeaders(to: &response)
        response.screen = "deepLink"
        return response
    }
}
