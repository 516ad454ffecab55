import Testing
@testable import Navigation

/// `TabLocations` answers a tab's location URL as `Location.url` makes it: from the table while
/// the tab's state is the value it kept, made again once the tab moved.
@Suite struct TabLocationsTests {
    static func made(_ tab: TestTab, _ state: TabState<TestRoute>) -> String {
        Location<TestNavigation>(tab: tab, path: state.path.elements, selection: state.selection, columns: state.columns).url
    }

    @Test func randomTabsAreAnsweredAsLocationWritesThem() {
        var generator = StateGenerator(random: SplitMix64(seed: 0x7AB5))
        // A small table, which starts afresh many times over the run.
        let locations = TabLocations<TestNavigation>(limit: 16)
        var failures: [String] = []
        var states: [NavigationState<TestNavigation>] = []
        for index in 0..<PropertyTests.count {
            var state = generator.state()
            if index % 4 == 1 { state.apply(.setColumns(index % 8 == 1 ? .all : .detailOnly)) }
            states.append(state)
            // Each state twice (filling the table, then from it), and a state of 20 before.
            for state in [state, state, states[max(0, states.count - 20)]] {
                for tab in TestTab.allCases where locations.url(of: tab, state[tab]) != Self.made(tab, state[tab]) {
                    failures.append(Self.made(tab, state[tab]))
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) tabs, e.g. \(failures.prefix(2))")
        #expect(locations.count <= 16 && locations.count > 0)
    }

    /// A stack left as it was is answered from the table: the very string kept, not one made
    /// again, for the state itself and for a copy of it with another tab moved.
    @Test func aStackLeftBehindIsAnsweredFromTheTable() {
        var generator = StateGenerator(random: SplitMix64(seed: 0x7AB6))
        let locations = TabLocations<TestNavigation>()
        var kept = 0
        for _ in 0..<PropertyTests.count {
            let state = generator.state()
            var next = state
            next.apply(.push(generator.route()))
            for tab in TestTab.allCases where !state[tab].path.isEmpty && tab != state.selectedTab {
                let first = locations.url(of: tab, state[tab])
                let again = locations.url(of: tab, next[tab])
                #expect(again == first)
                kept += Self.storage(of: first) == Self.storage(of: again) ? 1 : 0
            }
        }
        #expect(kept > PropertyTests.count / 2, "\(kept) answered from the table")
    }

    /// Deep stacks, each a new value, keep the table within its byte limit.
    @Test func aFloodOfDeepStacksKeepsTheTableWithinItsBytes() {
        let locations = TabLocations<TestNavigation>(byteLimit: 16 << 10)
        var largest = 0
        for index in 0..<2_000 {
            let routes = (0..<64).map { TestRoute.orderDetail(orderId: "ORD-\(index)-\($0)-" + String(repeating: "x", count: 20)) }
            let state = TabState<TestRoute>(path: StackState(routes))
            #expect(locations.url(of: .home, state) == Self.made(.home, state))
            largest = max(largest, locations.bytes)
        }
        #expect(largest <= 16 << 10 && largest > 8 << 10, "\(largest) bytes at most")
    }

    /// Where a string's bytes are (a long URL's are on the heap, shared by its copies).
    static func storage(of text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    /// A kept stack moved on: the same storage cannot mean another value while the table holds it,
    /// so a changed stack, selection, columns or tab is made again.
    @Test func aTabThatMovedIsMadeAgain() {
        let locations = TabLocations<TestNavigation>()
        var state = TabState<TestRoute>(path: [.orderHistory, .orderDetail(orderId: "ORD-1")])
        #expect(locations.url(of: .home, state) == Self.made(.home, state))
        let before = state
        state.path.append(.orderDetail(orderId: "ORD-2"))
        #expect(locations.url(of: .home, state) == Self.made(.home, state))
        #expect(locations.url(of: .home, before) == Self.made(.home, before))
        var selected = before
        selected.selection = [.orderHistory]
        #expect(locations.url(of: .home, selected) == Self.made(.home, selected))
        var columns = before
        columns.columns = .detailOnly
        #expect(locations.url(of: .home, columns) == Self.made(.home, columns))
        // The same stack as another tab's.
        #expect(locations.url(of: .profile, before) == Self.made(.profile, before))
        #expect(locations.url(of: .home, before) == Self.made(.home, before))
    }
}
