import Testing
@testable import Navigation

/// A split-view tab's column visibility: tab state, in the URL and kept in the cookie.
@Suite("Column visibility")
struct ColumnVisibilityTests {
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    @Test(arguments: ColumnVisibility.allCases)
    func roundTripsThroughURLAndCookie(_ columns: ColumnVisibility) throws {
        var state = State(selectedTab: .recipes).applying(.push(.category("desserts")))
        state.apply(.setColumns(columns))
        #expect(state[.recipes].columns == columns)
        #expect(state.url.contains("columns=") == (columns != .automatic), "\(state.url)")
        #expect(matchURL(state.url) == .location(state.location))
        let restored = try #require(cookie.decode(cookie.encode(state.applying(.selectTab(.home)))))
        #expect(restored[.recipes].columns == columns)
        #expect(restored[.recipes].path.elements == [.category("desserts")])
    }

    @Test func pushesKeepTheColumnsAndAnUnknownValueIsPartial() {
        let state = State(selectedTab: .recipes).applying(.setColumns(.detailOnly)).applying(.push(.recipe("tiramisu")))
        #expect(state[.recipes].columns == .detailOnly)
        #expect(state.url == "/recipes/recipe/tiramisu?columns=detailOnly")
        guard case .partial(_, let unmatched) = Loc.match(path: "/recipes", query: ["columns": "sideways"]) else {
            Issue.record("expected a partial match")
            return
        }
        #expect(unmatched == "columns=sideways")
    }
}
