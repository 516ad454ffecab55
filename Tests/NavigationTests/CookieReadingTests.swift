import Testing
@testable import Navigation

/// A cookie read with the stack the URL replaces left unread: the rest reads as a full read does,
/// the stack reads back when asked for, and comparing it as JSON tells the same changes apart.
@Suite struct CookieReadingTests {
    typealias Stored = StoredState<TestNavigation>
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    @Test func readsAsAFullReadWithOneStackSetAside() throws {
        var generator = StateGenerator(random: SplitMix64(seed: 0x5EAD1E))
        var failures: [String] = []
        var unreadStacks = 0
        for _ in 0..<500 {
            let value = cookie.write(CookieStateJSONTests.stored(&generator))
            let full = try #require(cookie.read(value))
            for tab in TestTab.allCases {
                var reading = try #require(cookie.read(value, leavingUnread: tab))
                var expected = full
                expected.state[tab].path = StackState()
                if reading.stored != expected { failures.append("read \(tab): \(value)") }
                if !full.state[tab].path.isEmpty { unreadStacks += 1 }

                if !reading.holds(full, visible: nil) || !reading.holds(full, visible: Links(full.state).encodedStack) {
                    failures.append("unchanged \(tab): \(value)")
                }
                var pushed = full
                pushed.state[tab].path.append(.settings)
                var popped = full
                popped.state[tab].path.removeLast()
                var renonced = full
                renonced.nonce += "x"
                var elsewhere = full
                elsewhere.state[tab == .home ? .profile : .home].path.append(.settings)
                for changed in [pushed, popped, renonced, elsewhere] where changed != full {
                    if reading.holds(changed, visible: nil) || reading.holds(changed, visible: Links(changed.state).encodedStack) {
                        failures.append("changed \(tab): \(value)")
                    }
                }

                reading.readUnreadStack()
                if reading.stored != full || !reading.holds(full, visible: nil) { failures.append("read back \(tab): \(value)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2))")
        #expect(unreadStacks > 500, "the generator fills stacks")
    }

    @Test func tellsHowTheStackMovedAsComparingRoutesDoes() throws {
        var generator = StateGenerator(random: SplitMix64(seed: 0x30BE))
        var failures: [String] = []
        var compared = 0
        for _ in 0..<300 {
            var stored = CookieStateJSONTests.stored(&generator)
            for tab in TestTab.allCases {
                stored.state.selectedTab = tab
                let value = cookie.write(stored)
                let reading = try #require(cookie.read(value, leavingUnread: tab))
                // What the cookie kept of the stack: a deep one is cut to fit.
                let before = try #require(cookie.read(value)).state[tab].path.elements
                let candidates: [[TestRoute]] = [
                    before, before + [.settings], before + [.orderDetail(orderId: "a/b c"), .category("~")],
                    Array(before.dropLast()), [], [.userDetail(userId: 7)], Array(before.dropLast()) + [.recipe("x")],
                ]
                for after in candidates {
                    var next = stored.state
                    next[tab].path = StackState(after)
                    let moved = reading.unreadStackMovement(to: Links(next).encodedStack)
                    guard let moved else {
                        if !before.isEmpty { failures.append("unread \(before)") }
                        continue
                    }
                    compared += 1
                    let expected = Location.movement(from: Loc(tab: tab, path: before), to: Loc(tab: tab, path: after))
                    if moved != expected { failures.append("\(moved), not \(expected): \(before.count) -> \(after.count) \(after.suffix(2))") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2))")
        #expect(compared > 1000)
    }

    @Test func aSegmentRunIsNotTakenForAnother() throws {
        var state = State(selectedTab: .recipes)
        state.apply(.push(.category("ab")))
        let reading = try #require(cookie.read(cookie.write(Stored(state: state, nonce: "n")), leavingUnread: .recipes))
        for (after, expected) in [([TestRoute.category("a")], NavigationMovement.replace), ([.category("abc")], .replace),
                                  ([.category("ab"), .recipe("c")], .push), ([], .pop), ([.category("ab")], .none)] {
            var next = state
            next.path = StackState(after)
            #expect(reading.unreadStackMovement(to: Links(next).encodedStack) == expected, "\(after)")
        }
    }

    @Test func refusesWhatAFullReadRefuses() {
        // A stack that is not an array of strings fails the whole cookie, unread or not.
        for json in [#"{"t":"home","s":{"home":["x",5]}}"#, #"{"t":"home","s":{"home":["\u"]}}"#,
                     #"{"t":"home","s":{"home":["a"# + "\u{01}" + #""]}}"#, #"{"t":"home","s":{"home":"x"}}"#,
                     #"{"t":"home","s":{"home":["\ud800"]}}"#] {
            var range: Range<Int>?
            #expect(Stored(cookieJSON: Array(json.utf8)) == nil)
            #expect(Stored(cookieJSON: Array(json.utf8), leavingUnread: .home, unread: &range) == nil, "\(json)")
        }
        var range: Range<Int>?
        let json = #"{"t":"home","s":{"home":["orders","order","A\"B"],"orders":["order","C"]}}"#
        let stored = Stored(cookieJSON: Array(json.utf8), leavingUnread: .home, unread: &range)
        #expect(stored?.state[.home].path.isEmpty == true && stored?.state[.orders].path.count == 1)
        #expect(range.map { String(decoding: Array(json.utf8)[$0], as: UTF8.self) } == #"["orders","order","A\"B"]"#)
    }
}
