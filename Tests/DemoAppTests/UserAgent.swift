import Foundation
import HTTPTestSupport

/// A user with a cookie jar, as curl `-b/-c` or a browser with JavaScript off: fetches pages over
/// a kept-alive connection, stores the state cookie it is given, and follows links found in the HTML.
final class UserAgent {
    private let port: Int
    private var client: TestClient?
    /// The state cookie as last set by the server (name=value).
    var cookie: String?
    private(set) var page: Page?
    /// Which layout the agent looks at, as CSS would show it in a window of that width.
    let layout: Layout
    /// Headers sent with every request, as a proxy in front of the server adds them.
    var proxyHeaders: [String: String] = [:]

    enum Layout {
        /// A phone: split views collapse into the tab's stack.
        case narrow
        /// A desktop: split views show their columns instead.
        case wide
    }

    init(port: Int, layout: Layout = .narrow) {
        self.port = port
        self.layout = layout
    }

    struct Page {
        let path: String
        let response: TestResponse
        var layout: Layout = .narrow
        var status: Int { response.status }
        var html: String { response.text }

        /// The markup a person sees at this width: the page without the other layout's part.
        var visible: String {
            let page = html
            switch layout {
            case .narrow:
                guard let start = page.range(of: #"<div class="split "#),
                      let end = page.range(of: #"<div class="stack-content">"#) else { return page }
                return String(page[..<start.lowerBound] + page[end.lowerBound...])
            case .wide:
                guard let start = page.range(of: #"<div class="stack-content">"#),
                      let end = page.range(of: "</main>", range: start.upperBound..<page.endIndex)
                else { return page }
                return String(page[..<start.lowerBound] + page[end.lowerBound...])
            }
        }

        /// The `<h1>` of the screen.
        var title: String? { firstMatch(#/<h1[^>]*>([^<]*)</h1>/#) }
        var backHref: String? { firstMatch(#/<a class="back" href="([^"]*)"/#) }
        var canonical: String? { firstMatch(#/<link rel="canonical" href="([^"]*)">/#) }
        var notice: String? { firstMatch(#/<p class="notice" role="alert">([^<]*)</p>/#) }
        var selectedTab: String? { firstMatch(#/<a class="tab tab-([a-z]+)" href="[^"]*" aria-current="page">/#) }

        /// The href of the first link whose text (tags removed, spaces collapsed) is `text`, or
        /// starts with `text` followed by a subtitle or value; links in the screen's content come
        /// before the tab bar's.
        func href(_ text: String) -> String? {
            // The screen's own links first (main content and any presentation), then the bars.
            let page = visible
            let content = page.range(of: "<main").map { String(page[$0.lowerBound...]) } ?? page
            return href(text, in: content) ?? href(text, in: page)
        }

        private func href(_ text: String, in html: String) -> String? {
            for match in html.matches(of: #/<a ([^>]*)href="([^"]*)"([^>]*)>(.*?)</a>/#.dotMatchesNewlines()) {
                var label = unescape(String(match.output.4).replacing(#/<[^>]*>/#, with: " "))
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
                // An icon's link is named by its aria-label.
                if label.isEmpty, let name = (match.output.1 + match.output.3).firstMatch(of: #/aria-label="([^"]*)"/#) {
                    label = unescape(String(name.output.1))
                }
                if label == text || label.hasPrefix(text + " ") || label.hasSuffix(" " + text) {
                    return unescape(String(match.output.2))
                }
            }
            return nil
        }

        /// The form token of the first form on the page.
        var formToken: String? { firstMatch(#/name="_token" value="([^"]*)"/#) }
        /// The form's action URL.
        var formAction: String? { firstMatch(#/<form [^>]*method="post" action="([^"]*)"/#) }
        /// The value of the input named `name`.
        func inputValue(_ name: String) -> String? {
            firstMatch(try! Regex(#"name="\#(name)" value="([^"]*)""#, as: (Substring, Substring).self))
        }
        /// The top presentation's style and role, if one is shown (those it covers are not).
        var presentation: (style: String, role: String)? {
            html.firstMatch(of: #/class="presentation(?: level-[0-9]+)? ([A-Za-z]+) detent-[a-z]+(?: anchored)?(?: compact-popover)?" role="([a-z]+)"/#)
                .map { (String($0.output.1), String($0.output.2)) }
        }

        /// The href of the tab bar item `tab`.
        func tabHref(_ tab: String) -> String? {
            firstMatch(try! Regex(#"<a class="tab tab-\#(tab)" href="([^"]*)""#, as: (Substring, Substring).self))
        }

        private func firstMatch(_ regex: Regex<(Substring, Substring)>) -> String? {
            html.firstMatch(of: regex).map { unescape(String($0.output.1)) }
        }
    }

    /// GETs `path` with the cookie jar; records the page.
    @discardableResult
    func get(_ path: String, accept: String = "text/html") throws -> Page {
        let added = proxyHeaders.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
        let response = try send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: \(accept)\r\n"
            + (cookie.map { "Cookie: \($0)\r\n" } ?? "") + added + "\r\n")
        if let set = response.header("Set-Cookie") {
            cookie = String(set.prefix { $0 != ";" })
        }
        let page = Page(path: path, response: response, layout: layout)
        self.page = page
        return page
    }

    /// POSTs a url-encoded form to `path`, as a browser submits one from this site; `headers`
    /// adds or overrides request headers (a cross-site browser sends `Sec-Fetch-Site: cross-site`).
    @discardableResult
    func post(_ path: String, _ fields: [String: String], headers: [String: String] = [:]) throws -> Page {
        let body = fields.sorted { $0.key < $1.key }.map { "\(formEncode($0.key))=\(formEncode($0.value))" }
            .joined(separator: "&")
        var head = ["Host": "127.0.0.1", "Content-Type": "application/x-www-form-urlencoded",
                    "Content-Length": String(body.utf8.count), "Origin": "http://127.0.0.1", "Sec-Fetch-Site": "same-origin"]
        if let cookie { head["Cookie"] = cookie }
        for (name, value) in proxyHeaders.merging(headers, uniquingKeysWith: { $1 }) { head[name] = value }
        let lines = head.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
        let response = try send("POST \(path) HTTP/1.1\r\n" + lines + "\r\n" + body)
        if let set = response.header("Set-Cookie") {
            cookie = String(set.prefix { $0 != ";" })
        }
        let page = Page(path: path, response: response, layout: layout)
        self.page = page
        return page
    }

    /// Posts the current page's form with its token and `fields`, as pressing its button does.
    @discardableResult
    func submit(_ fields: [String: String]) throws -> Page {
        guard let page, let action = page.formAction, let token = page.formToken else { throw Missing(what: "form") }
        return try post(action, fields.merging(["_token": token]) { $1 })
    }

    /// Skips the first-run onboarding, as a returning user has, so `/` restores plainly.
    func skipOnboarding() throws {
        try get("/home?present=onboarding/welcome")
        try submit(["_action": "skip"])
    }

    /// Follows the link labelled `text` on the current page.
    @discardableResult
    func follow(_ text: String) throws -> Page {
        guard let href = page?.href(text) else { throw Missing(what: "link \"\(text)\" on \(page?.path ?? "-")") }
        return try get(href)
    }

    struct Missing: Error, CustomStringConvertible {
        let what: String
        var description: String { "No \(what)" }
    }

    private func send(_ request: String) throws -> TestResponse {
        for attempt in 0..<2 {
            do {
                let connection = try client ?? TestClient(port: port)
                client = connection
                try connection.write(request)
                return try connection.readResponse()
            } catch where attempt == 0 {
                client = nil  // the server closed a kept-alive connection: reconnect once
            }
        }
        throw Missing(what: "response")
    }
}

/// `application/x-www-form-urlencoded` encoding of one key or value.
func formEncode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
}

func unescape(_ html: String) -> String {
    html.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&")
}
