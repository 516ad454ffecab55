import MicroHTTP
import Navigation

/// The update streams of pages whose screens observe topics (see `LiveUpdates`).
extension NavigationResponder {
    /// Where a page's update stream is opened, its signed token in `token=`.
    static var updatesPath: String { "/_navigation/updates" }

    /// The URL of the update stream for a page whose screens observe `topics`, drawn for
    /// `identity`, with the versions the page's own read sees; nil without `LiveUpdates` or
    /// topics.
    nonisolated(nonsending) func updatesURL(observing topics: Set<Topic>, identity: Schema.Identity?) async throws -> String? {
        guard let updates, !topics.isEmpty else { return nil }
        let versions = try await updates.store.versions(of: topics)
        var seen: [Topic: Int] = [:]
        for topic in topics { seen[topic] = versions[topic] ?? 0 }
        return Self.updatesPath + "?token=" + updates.token(versions: seen, owner: identity?.stateKey)
    }

    /// Opens the stream a page's token names: `text/event-stream`, one `refresh` event when the
    /// page is behind, heartbeats meanwhile. A token that is forged, tampered with or expired,
    /// or that was made for another account, a signed-out visitor or an ended sign-in, gets `204`
    /// and no stream: the page's script then stops asking.
    nonisolated(nonsending) func updateStream(for request: Request) async throws -> Response {
        guard let updates else { throw HTTPError(.notFound, "There is no page at “\(request.path)”.") }
        guard request.method == .get else {
            throw HTTPError(.methodNotAllowed, "Only GET opens an update stream.", headers: HTTPHeaders([("Allow", "GET")]))
        }
        guard let text = request.query["token"], let token = UpdateToken(opening: text, with: updates.keys),
              token.isValid()
        else { return Self.noStream }
        let identity = try await app.identity(for: request)
        guard token.owner == identity?.stateKey else { return Self.noStream }
        // Spread over seconds, so that a restart does not bring every page back at once.
        let stream = EventStream(retry: .milliseconds(Int.random(in: 2_000...8_000)))
        await updates.watch(stream, versions: token.versions)
        var response = Response.events(stream)
        response.screen = "updates"
        return response
    }

    private static var noStream: Response {
        var response = Response(status: .noContent)
        response.headers.replace("Cache-Control", "no-store")
        response.screen = "updates"
        return response
    }
}
