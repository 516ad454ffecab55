import MicroHTTP
import Navigation

extension NavigationResponder {
    /// Refuses a POST that another site made the browser send: a browser says so in
    /// `Sec-Fetch-Site` or `Origin`, and no other site can read the page to copy its form token.
    func checkSameSite(_ request: Request, nonce: String) throws {
        if let site = request.headers["Sec-Fetch-Site"], site != "same-origin", site != "none" {
            throw HTTPError(.forbidden, "Forms are accepted only from this site.")
        }
        if let origin = request.headers["Origin"] {
            let host = request.host ?? ""
            // Behind a trusted proxy the scheme is known; a request that came straight (or
            // through a proxy not trusted) may have been https in front of the server.
            let sameSite = request.forwardedScheme.map { origin == $0 + "://" + host }
                ?? (origin == "http://" + host || origin == "https://" + host)
            guard !host.isEmpty, sameSite else {
                throw HTTPError(.forbidden, "Forms are accepted only from this site.")
            }
        }
        guard cookie.isValidFormToken(request.form["_token"] ?? "", for: nonce) else {
            throw HTTPError(.forbidden, "This form has expired or did not come from this site; reload the page and try again.")
        }
    }

    /// Hands the form to the app; on success redirects to the resulting screen (303), otherwise
    /// renders the same screen again with the message and the user's input (422).
    func submit(_ request: Request, page: inout RenderedPage<Schema>, context: ScreenContext<Schema>) async throws -> Response {
        guard page.status == .ok, page.showsScreen else {
            throw HTTPError(page.status, page.notice ?? "There is no form here.")
        }
        var fields = request.form
        fields["_token"] = nil
        let action = fields.removeValue(forKey: "_action") ?? ""
        switch try await app.submit(Submission(action: action, fields: fields), context: context) {
        case .navigate(let actions):
            actions.forEach { page.state.apply($0) }
            return .redirect(to: page.state.url)
        case .navigateWithNotice(let actions, let notice):
            actions.forEach { page.state.apply($0) }
            page.noticeForNextPage = notice
            return .redirect(to: page.state.url)
        case .invalid(let message):
            return try await rejected(page: &page, context: context, fields: fields, error: message, field: nil)
        case .invalidField(let field, let message):
            return try await rejected(page: &page, context: context, fields: fields, error: message, field: field)
        }
    }

    /// The same screen again (422), with what was typed and why it was not accepted.
    private func rejected(
        page: inout RenderedPage<Schema>, context: ScreenContext<Schema>, fields: [String: String], error: String,
        field: String?
    ) async throws -> Response {
        page.status = .unprocessableContent
        let retry = ScreenContext(state: context.state, query: context.query, formToken: context.formToken,
                                  submitted: fields, error: error, errorField: field)
        return try await html(page, context: retry)
    }
}
