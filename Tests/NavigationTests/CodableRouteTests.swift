import Foundation
import Testing
@testable import Navigation

@Suite("Routes from Codable")
struct CodableRouteTests {
    @Test func aCaseIsASegmentAndItsValuesFollowInOrder() {
        #expect(CodableRoute.userDetail(userId: 42).pathSegments == ["userDetail", "42"])
        #expect(CodableRoute.settings.pathSegments == ["settings"])
        #expect(CodableRoute.flavour(.sweet, size: .large).pathSegments == ["flavour", "sweet", "3"])
        #expect(CodableRoute.shelf(.recipe(slug: "apple-pie")).pathSegments == ["shelf", "recipe", "apple-pie"])
        #expect(CodableRoute.legacy(.page(7)).pathSegments == ["legacy", "p7"])
        #expect(CodableRoute.slug(Slug(name: "tart", revision: 2)).pathSegments == ["slug", "tart", "2"])
        #expect(CodableRoute.ratio(0.5, exact: true).pathSegments == ["ratio", "0.5", "true"])
        #expect(CodableRoute.point(x: -3, y: .max).pathSegments == ["point", "-3", "18446744073709551615"])
        #expect(CodableDestination.compose(draft: "hi").pathSegments == ["compose", "hi"])
        #expect(Location<CodableNavigation>(tab: .notes, path: [.userDetail(userId: 42), .settings]).url
                == "/notes/userDetail/42/settings")
    }

    @Test func codingKeysRenameCases() {
        #expect(RenamedRoute.userDetail(userId: 42).pathSegments == ["user", "42"])
        var reader = PathReader(["user", "42", "settings"])
        #expect(reader.readAll(RenamedRoute.self) == [.userDetail(userId: 42), .settings])
        #expect(RenamedRoute.read(from: &reader) == nil)
        var old = PathReader(["userDetail", "42"])
        #expect(RenamedRoute.read(from: &old) == nil, "the case's Swift name is not its segment any more")
    }

    /// `nil` keeps its place (`~`), so that the values after it and the next screen's segments
    /// are not taken for it; strings that look like that marker are escaped.
    @Test func optionalsAndMarkerLikeStringsKeepTheirPlaces() {
        #expect(CodableRoute.search(query: nil, page: 2).pathSegments == ["search", "~", "2"])
        #expect(CodableRoute.search(query: "~", page: nil).pathSegments == ["search", "~~~", "~"])
        #expect(CodableRoute.search(query: "", page: nil).pathSegments == ["search", "~~", "~"])
        #expect(CodableRoute.maybeShelf(nil).pathSegments == ["maybeShelf", "~"])
        var reader = PathReader(["search", "~", "~", "settings"])
        #expect(reader.readAll(CodableRoute.self) == [.search(query: nil, page: nil), .settings])
        var stray = PathReader(["search", "~x", "1"])
        #expect(CodableRoute.read(from: &stray) == nil, "a single ~ before text is neither nil nor a string")
        #expect(stray.remaining == ["search", "~x", "1"], "nothing is consumed when nothing is read")
    }

    @Test func handWrittenMappingsAreKeptAndCompose() {
        #expect(!PathCheck.derivesPath(TestRoute.self))
        #expect(!PathCheck.derivesPath(LegacyRoute.self))
        #expect(PathCheck.derivesPath(CodableRoute.self))
        #expect(TestRoute.orderHistory.pathSegments == ["orders"])
        var reader = PathReader(["legacy", "p12"])
        #expect(CodableRoute.read(from: &reader) == .legacy(.page(12)))
    }

    /// 3,000 random stacks, selections and presentations with hostile strings: each comes back
    /// from its URL, as the server reads it (percent-decoded), and from the state cookie.
    @Test func everyValueRoundTripsThroughItsURLAndTheCookie() throws {
        var generator = CodableGenerator(random: SplitMix64(seed: 20_261_125))
        let cookie = StateCookie<CodableNavigation>(keys: KeyRing(secrets: ["a secret of sixteen characters"])!)
        for _ in 0..<3_000 {
            let location = generator.location()
            let request = decodedRequest(location.url)
            #expect(Location<CodableNavigation>.match(path: request.path, query: request.query) == .location(location),
                    "\(location.url)")
            var state = NavigationState<CodableNavigation>(selectedTab: location.tab)
            state[location.tab].path = StackState(location.path)
            let value = cookie.write(StoredState(state: state, nonce: "n"))
            let read = try #require(cookie.read(value))
            #expect(read.state[location.tab].path.elements == location.path)
        }
    }

    /// Random segments, hostile or nearly right: reading never traps, and whatever is read
    /// writes back as segments that read back as themselves.
    @Test func hostileSegmentsNeverCrashAndWhatIsReadWritesBack() {
        var random = SplitMix64(seed: 7)
        let words = ["userDetail", "settings", "search", "shelf", "recipe", "flavour", "sweet", "legacy", "p1", "slug",
                     "ratio", "point", "maybeShelf", "~", "~~", "~~~", "~x", "", "42", "-1", "1e400", "nan", "true",
                     "99999999999999999999", "-129", "é", "/", "%2F", "\u{301}", "\0"]
        for _ in 0..<20_000 {
            let segments = (0..<Int.random(in: 0...6, using: &random)).map { _ in words.randomElement(using: &random)! }
            var reader = PathReader(segments)
            let routes = reader.readAll(CodableRoute.self)
            // Written canonically (`+5` as `5`, `1e400` as `inf`), which reads back whole as the
            // same segments (NaN is not equal to itself, so segments are compared, not values).
            let written = routes.flatMap(\.pathSegments)
            var again = PathReader(written)
            #expect(again.readAll(CodableRoute.self).flatMap(\.pathSegments) == written, "\(segments)")
            #expect(again.isAtEnd, "\(segments)")
        }
    }

    @Test func theSchemaPassesItsStartUpCheck() throws {
        try CodableNavigation.checkPaths()
        try TestNavigation.checkPaths()
    }
}
