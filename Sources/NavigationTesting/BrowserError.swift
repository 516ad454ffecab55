/// Why a `TestBrowser` could not do what a test asked. Each case's `description` says what was
/// asked and what the page offered instead, so a failing test reads as a bug report.
public enum BrowserError: Error, Sendable, CustomStringConvertible {
    /// `follow(link:)` or `submit(form:fields:)` before any page was loaded.
    case noPage(action: String)
    /// No link on the page has that text; `available` lists the page's links.
    case noLink(String, page: String, available: [PageLink])
    /// Links to different places have that text; `matches` lists them.
    case ambiguousLink(String, page: String, matches: [PageLink])
    /// No form on the page has a submit button with that text; `available` lists the buttons.
    case noForm(button: String, page: String, available: [String])
    /// Several forms have a submit button with that text; `count` says how many.
    case ambiguousForm(button: String, page: String, count: Int)
    /// The chosen form has no field with that label or name; `available` lists its labels and
    /// names.
    case noField(String, button: String, available: [String])
    /// The field takes only some values (a `select`'s options, a radio group's values).
    case invalidValue(String, field: String, allowed: [String])
    /// Redirects went on past the limit (`TestBrowser.Settings.redirectLimit`).
    case tooManyRedirects([Redirect])
    /// A redirect or link leads to another site, which the browser cannot reach.
    case leftTheSite(String)
    /// `state()` got something other than JSON.
    case notJSON(url: String, status: Int, contentType: String?, body: String)
    /// The connection to the server failed: `operation` and the system's error number.
    case connection(operation: String, code: Int32)
    /// The server's answer could not be read as HTTP.
    case malformedResponse(String)
    /// `openUpdates()` on a page that names no update stream.
    case noUpdates(String)

    /// What went wrong, what was asked and what the page offered instead.
    public var description: String {
        switch self {
        case .noPage(let action):
            return "Cannot \(action): no page has been loaded yet (call get(_:) first)."
        case .noLink(let text, let page, let available):
            return "No link \"\(text)\" on \(page). Its links: "
                + (available.isEmpty ? "none." : available.map(\.description).joined(separator: "; "))
        case .ambiguousLink(let text, let page, let matches):
            return "\(matches.count) links \"\(text)\" lead to different places on \(page): "
                + matches.map(\.description).joined(separator: "; ")
        case .noForm(let button, let page, let available):
            return "No form with a button \"\(button)\" on \(page). Its buttons: "
                + (available.isEmpty ? "none." : available.map { "\"\($0)\"" }.joined(separator: ", "))
        case .ambiguousForm(let button, let page, let count):
            return "\(count) forms have a button \"\(button)\" on \(page); give a field to tell them apart, or post(_:fields:)."
        case .noField(let key, let button, let available):
            return "The form of \"\(button)\" has no field labelled or named \"\(key)\". Its fields: "
                + (available.isEmpty ? "none." : available.map { "\"\($0)\"" }.joined(separator: ", "))
        case .invalidValue(let value, let field, let allowed):
            return "The field \"\(field)\" cannot take \"\(value)\"; it takes "
                + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        case .tooManyRedirects(let chain):
            return "More than \(chain.count - 1) redirects: "
                + chain.map { "\($0.status) \($0.from) → \($0.location)" }.joined(separator: ", ")
        case .leftTheSite(let location):
            return "\(location) is on another site; a test browser reaches only the server under test."
        case .notJSON(let url, let status, let contentType, let body):
            return "\(url) answered \(status) with \(contentType ?? "no Content-Type"), not JSON: \(body.prefix(200))"
        case .noUpdates(let page):
            return "\(page) names no update stream: its screens observe no topics (Screen.observing), or the app gives the responder no LiveUpdates."
        case .connection(let operation, let code):
            return "The connection to the server failed in \(operation) (errno \(code))."
        case .malformedResponse(let detail):
            return "The server's answer is not HTTP/1.1 as expected: \(detail)"
        }
    }
}
