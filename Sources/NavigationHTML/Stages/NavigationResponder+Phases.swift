@_spi(Benchmark) @_spi(Fuzzing) import Navigation
import MicroHTTP

/// One step of answering a request, and what it cost.
@_spi(Benchmark) public struct PhaseTiming: Sendable {
    public let phase: String
    /// The median of the runs, in microseconds.
    public let microseconds: Double

    /// The median of `runs` runs of `body`. (A loop of its own: with the timing loop inside
    /// `timePhases(of:runs:)`, cross-module optimization left that function generic, and every
    /// phase was measured in code compiled for any app, about twice the server's time.)
    public init(_ phase: String, runs: Int, _ body: () async throws -> Void) async rethrows {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try await body()
            samples.append(Double((ContinuousClock.now - start) / .nanoseconds(1)) / 1000)
        }
        self.phase = phase
        microseconds = samples.sorted()[samples.count / 2]
    }
}

@_spi(Benchmark) extension NavigationResponder {
    /// Times the steps of `respond(to:)` for a GET of a page one at a time, each on the previous
    /// step's output, so a change's effect shows without HTTP around it. The request must carry a
    /// valid cookie. The last row is the whole `respond(to:)`.
    public func timePhases(of request: Request, runs: Int) async throws -> [PhaseTiming] {
        guard let value = request.cookies[cookie.name], let (version, json) = cookie.verify(value),
              let stored = cookie.read(version: version, json: json)
        else { throw HTTPError(.badRequest, "The request carries no valid state cookie.") }
        var incoming = IncomingState(request, cookie: cookie, windowCookie: windowCookieName(isHTTPS: request.isHTTPS))
        incoming.bind(to: nil)
        var page = try await resolve(incoming, request: request)
        let routes = Self.shownRoutes(of: page.state)
        let formToken = cookie.formToken(for: stored.nonce)
        let context = await validate(&page, request: request, formToken: formToken, identity: nil)
        let written = StoredState<Schema>(state: page.state, nonce: stored.nonce)
        let encoded = cookie.json(of: written)

        func time(_ phase: String, _ body: () async throws -> Void) async rethrows -> PhaseTiming {
            try await PhaseTiming(phase, runs: runs, body)
        }
        return [
            try await time("read transaction (empty)") { try await app.reading {} },
            await time("verify (base64, HMAC)") { _ = cookie.verify(value) },
            await time("decode (JSON → state)") { _ = cookie.read(version: version, json: json) },
            await time("resolve (URL → state)") {
                _ = opened(Location<Schema>.match(path: request.path, query: request.query), path: request.path,
                           over: incoming.restored)
            },
            // Inside one reading, as a page asks: its transaction begun by the first run, the
            // others answered as a page's later reads are.
            try await app.reading { try await time("titles (\(routes.count) screens)") { _ = try await app.titles(of: routes) } },
            await time("validate") {
                var page = page
                _ = await validate(&page, request: request, formToken: formToken, identity: nil)
            },
            try await app.reading {
                try await time("screen data") {
                    if let top = page.state.path.last {
                        _ = try await app.screen(for: top, context: context)
                    } else {
                        _ = try await app.root(of: page.state.selectedTab, context: context)
                    }
                }
            },
            try await app.reading { try await time("page (screen data + templates)") { _ = try await html(page, context: context) } },
            await time("encode (state → JSON)") { _ = cookie.json(of: written) },
            await time("sign (base64, HMAC)") { _ = cookie.seal(json: encoded) },
            try await time("whole respond(to:)") { _ = try await respond(to: request) },
        ]
    }
}
