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
