import MicroHTTP
import Navigation

extension NavigationResponder {
    /// Refuses a POST that another site made the browser send: a browser says so in
    /// `Sec-Fetch-Site` or `Origin`, and no other site can read the page to copy its form token.
    func checkSameSite(_ request: Request, nonce: String) throws {
        if request.isFromAnotherSite {
            throw HTTPError(.forbidden, "Forms are accepted only from this site.")
        }
        guard cookie.isValidFormToken(request.form["_token"] ?? "", for: nonce) else {
            throw HTTPError(.forbidden, "This form has expired or did not come from this site; reload the page and try again.")
        }
    }

    /// Hands the form to the app; on success redirects to the resulting screen (303), otherwise
    /// renders the same screen again with the message and the user's input (422).
    nonisolated(nonsending) func submit(_ request: Request, page: inout RenderedPage<Schema>, context: ScreenContext<Schema>) async throws -> Response {
        guard page.status == .ok, page.showsScreen else {
            throw HTTPError(page.status, page.notice ?? "There is no form here.")
        }
        var fields = request.form
        fields["_token"] = nil
        // A button that submits the form as another action (a Cancel: `ToolbarItem.submitAs`)
        // names it in `_submitter`, which takes the place of the form's own `_action`.
        let formAction = fields.removeValue(forKey: "_action")
        let action = fields.removeValue(forKey: "_submitter") ?? formAction ?? ""
        // No one types a control character: a NUL in a name reads as another name to one part
        // of an app (its throttle) and as the name before it to another (a C string, SQLite).
        if let (field, problem) = Self.controlProblem(in: fields, allowingLineBreaks: true) {
            // Drawn back into the form without the characters themselves.
            return try await rejected(page: &page, context: context, fields: fields.mapValues(Self.printable),
                                      error: problem.message, field: field)
        }
        let outcome: SubmissionOutcome<Schema>
        do {
            outcome = try await app.submit(Submission(action: action, fields: fields), context: context)
        } catch let invalid as InvalidField {
            return try await rejected(page: &page, context: context, fields: fields, error: invalid.message, field: invalid.field)
        } catch let invalid as InvalidFields {
            return try await rejected(page: &page, context: context, fields: fields, refused: invalid.fields)
        }
        switch outcome {
        case .navigate(let actions):
            return try await navigate(actions, notice: nil, page: &page, context: context, fields: fields)
        case .navigateWithNotice(let actions, let notice):
            return try await navigate(actions, notice: notice, page: &page, context: context, fields: fields)
        case .navigateWithArguments(let actions, let arguments):
            return try await navigate(actions, notice: nil, page: &page, context: context, fields: fields,
                                      arguments: ScreenContext<Schema>.appArguments(of: arguments))
        case .invalid(let message):
            return try await rejected(page: &page, context: context, fields: fields, error: message, field: nil)
        case .invalidField(let field, let message):
            return try await rejected(page: &page, context: context, fields: fields, error: message, field: field)
        case .invalidFields(let refused):
            return try await rejected(page: &page, context: context, fields: fields, refused: refused)
        case .signIn(let identity, let appCookie, let actions):
            return changeSignIn(to: identity.stateKey, cookie: appCookie, then: actions, page: &page, context: context)
        case .signOut(let appCookie, let actions):
            return changeSignIn(to: nil, cookie: appCookie, then: actions, page: &page, context: context)
        }
    }

    /// The first field (in name order) whose name or value holds a control character, and why,
    /// naming it as a `kind` ("field", "query argument"); tabs and line breaks count only where
    /// `allowingLineBreaks` is false.
    static func controlProblem(
        in fields: [String: String], allowingLineBreaks: Bool, kind: String = "field"
    ) -> (String, TextProblem)? {
        // Nothing is sorted or built for the fields that pass, almost always all of them.
        let problems = fields.compactMap { name, value -> (String, TextProblem)? in
            guard name.unicodeScalars.contains(where: TextRule.isControl)
                || value.unicodeScalars.contains(where: TextRule.isControl) else { return nil }
            let label = "\(kind) “\(printable(name))”"
            return (TextRule.controlProblem(in: name, label: label, allowsLineBreaks: false)
                ?? TextRule.controlProblem(in: value, label: label, allowsLineBreaks: allowingLineBreaks)).map { (name, $0) }
        }
        return problems.min { $0.0 < $1.0 }
    }

    /// `name` with its control characters shown as U+FFFD, to be named in a message or drawn back
    /// into a form.
    static func printable(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map {
            TextRule.isControl($0) ? "\u{FFFD}" : $0
        }))
    }

    /// Applies the app's actions and redirects to the screen they lead to (303), unless what the
    /// cookie must then carry whole (a flow's draft) is more than it can hold: the browser would
    /// drop the cookie and the draft with it, so the form is shown again (422) instead.
    private nonisolated(nonsending) func navigate(
        _ actions: [NavigationAction<Schema>], notice: String?, page: inout RenderedPage<Schema>,
        context: ScreenContext<Schema>, fields: [String: String], arguments: [(name: String, value: String)] = []
    ) async throws -> Response {
        var next = page.state
        actions.forEach { next.apply($0) }
        if next.flow != nil {
            var remembered = next
            remembered.presentation = nil
            let stored = StoredState(state: remembered, nonce: StateCookie<Schema>.newNonce(), notice: notice)
            guard cookie.canHold(stored) else {
                return try await rejected(
                    page: &page, context: context, fields: fields,
                    error: "That is more than this form can keep between pages; shorten what you wrote.", field: nil)
            }
        }
        page.state = next
        page.noticeForNextPage = notice
        return .redirect(to: Links<Schema>.url(page.state.url, adding: arguments))
    }

    /// The same screen again (422), with what was typed and why it was not accepted: `error`
    /// about `field` (or the whole form), or each of `refused` beside its field.
    private nonisolated(nonsending) func rejected(
        page: inout RenderedPage<Schema>, context: ScreenContext<Schema>, fields: [String: String], error: String? = nil,
        field: String? = nil, refused: [InvalidField] = []
    ) async throws -> Response {
        page.status = .unprocessableContent
        var fieldErrors: [String: String] = [:]
        for problem in refused where fieldErrors[problem.field] == nil { fieldErrors[problem.field] = problem.message }
        let retry = ScreenContext(state: context.state, query: context.query, formToken: context.formToken,
                                  submitted: fields, error: error ?? refused.first?.message,
                                  errorField: refused.isEmpty ? field : refused.first?.field, fieldErrors: fieldErrors,
                                  request: context.request, identity: context.identity)
        // Drawn from one read, as a GET is: the page's topic versions from its data's snapshot.
        let page = page
        return try await app.reading { try await html(page, context: retry) }
    }
}
