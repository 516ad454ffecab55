import Foundation
@_spi(Benchmark) @_spi(Fuzzing) import Navigation
import MicroHTTP

/// One step of answering a request, and what it cost.
@_spi(Benchmark) public struct PhaseTiming: Sendable {
    public let phase: String
    /// The median of the runs, in microseconds.
    public let microseconds: Double
}

@_spi(Benchmark) extension NavigationResponder {
    /// Times the steps of `respond(to:)` for a GET of a page one at a time, each on the previous
    /// step's output, so a change's effect shows without HTTP around it. The request must carry a
    /// valid cookie. The last row is the whole `respond(to:)`.
    public func timePhases(of request: Request, runs: Int) throws -> [PhaseTiming] {
        guard let value = request.cookies[cookie.name], let (version, json) = cookie.verify(value),
              let stored = cookie.read(version: version, json: json)
        else { throw HTTPError(.badRequest, "The request carries no valid state cookie.") }
        var restored = stored.state
        let match = Location<Schema>.match(path: request.path, query: request.query)
        var page = resolve(match, path: request.path, restoring: restored)
        let routes = Self.routes(restored: restored, shown: page.state)
        let titles = ScreenTitles(try app.titles(of: routes), of: routes)
        _ = dropMissingItems(from: &restored, titles: titles)
        let formToken = cookie.formToken(for: stored.nonce)
        let context = validate(&page, titles: titles, query: request.query, formToken: formToken)
        let written = StoredState<Schema>(state: page.state, nonce: stored.nonce)
        let encoded = cookie.json(of: written)

        func time(_ phase: String, _ body: () throws -> Void) rethrows -> PhaseTiming {
            var samples: [Double] = []
            for _ in 0..<runs {
                let start = ContinuousClock.now
                try body()
                samples.append(Double((ContinuousClock.now - start) / .nanoseconds(1)) / 1000)
            }
            return PhaseTiming(phase: phase, microseconds: samples.sorted()[samples.count / 2])
        }
        return [
            try time("read transaction (empty)") { try app.reading {} },
            time("verify (base64, HMAC)") { _ = cookie.verify(value) },
            time("decode (JSON → state)") { _ = cookie.read(version: version, json: json) },
            time("resolve (URL → state)") {
                _ = resolve(Location<Schema>.match(path: request.path, query: request.query), path: request.path, restoring: restored)
            },
            try time("titles (\(routes.count) screens)") { _ = try app.titles(of: routes) },
            time("restore and validate") {
                var state = stored.state
                _ = dropMissingItems(from: &state, titles: titles)
                var page = page
                _ = validate(&page, titles: titles, query: request.query, formToken: formToken)
            },
            try time("screen data") {
                if let top = page.state.path.last {
                    _ = try app.screen(for: top, context: context)
                } else {
                    _ = try app.root(of: page.state.selectedTab, context: context)
                }
            },
            try time("page (screen data + templates)") { _ = try html(page, context: context) },
            time("encode (state → JSON)") { _ = cookie.json(of: written) },
            time("sign (base64, HMAC)") { _ = cookie.seal(json: encoded) },
            try time("whole respond(to:)") { _ = try respond(to: request) },
        ]
    }
}
