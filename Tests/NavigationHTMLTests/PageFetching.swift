import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// The page `app` answers for a GET of `path` with `query`, with no cookie: a new visitor's
/// (the answer is expected to be a 200).
func page<App: NavigationApp>(
    of app: App, at path: String, query: [String: String] = [:]
) async throws -> String where App.Schema == EditableNotes {
    let cookie = StateCookie<EditableNotes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)
    let response = try await NavigationResponder(app: app, cookie: cookie)
        .respond(to: Request(method: .get, path: path, query: query))
    #expect(response.status == .ok)
    return String(decoding: response.bodyBytes, as: UTF8.self)
}
