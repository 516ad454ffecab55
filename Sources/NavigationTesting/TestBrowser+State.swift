import Foundation
import Navigation

extension TestBrowser {
    /// The navigation state of the current page's URL (or of `url`), as the server answers it
    /// with `Accept: application/json`: the selected tab, every tab's stack (the ones the cookie
    /// remembers too) and the presentation. A fetch: the current page stays as it was, and the
    /// cookies it sets are kept.
    ///
    /// - Throws: `BrowserError.noPage` with no page and no `url`; `BrowserError.notJSON` when
    ///   the answer is not JSON; a `DecodingError` when it lacks the documented fields.
    public func state(at url: String? = nil) async throws -> NavigationSnapshot {
        try JSONDecoder().decode(NavigationSnapshot.self, from: try await stateJSON(at: url))
    }

    /// The state as `state(at:)` reads it, decoded into the app's own `NavigationState`, routes
    /// and destinations as its types:
    ///
    /// ```swift
    /// let state = try await browser.state(as: NotesNavigation.self)
    /// #expect(state.path.elements == [.folder(name: "Home"), .note(id: 4)])
    /// ```
    public func state<Schema: NavigationSchema>(as schema: Schema.Type, at url: String? = nil) async throws -> NavigationState<Schema> {
        try JSONDecoder().decode(NavigationState<Schema>.self, from: try await stateJSON(at: url))
    }

    private func stateJSON(at url: String?) async throws -> Data {
        guard let target = url ?? self.url else { throw BrowserError.noPage(action: "read the navigation state") }
        let answer = try await request("GET", target, headers: ["Accept": "application/json"])
        let type = answer.header("Content-Type")
        guard type?.lowercased().contains("json") == true else {
            throw BrowserError.notJSON(url: answer.url, status: answer.status, contentType: type, body: answer.text)
        }
        return Data(answer.body)
    }
}
