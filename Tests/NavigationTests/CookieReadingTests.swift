import Testing
@_spi(Fuzzing) @testable import Navigation

/// A cookie read with the stack the URL replaces left unread: the rest reads as a full read does,
/// the stack reads back when asked for, and comparing it as JSON tells the same changes apart.
@Suite struct CookieReadingTests {
    typealias Stored = StoredState<TestNavigation>
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))
    /// The same ring in a cookie of its own, which has written nothing: its reads parse the JSON.
    let reader = StateCookie<TestNavigation>(keys: ring(newSecret))

    @Test func readsAsAFullReadWithOneStackSetAside() throws {
        var generator = StateGenerator(random: SplitMix64(seed: 0x5EAD1E))
        var failures: [String] = []
        var unreadStacks = 0
        for _ in 0..<500 {
            let value = cookie.write(CookieStateJSONTests.stored(&generator))
            let full = try #require(reader.read(value))
            for tab in TestTab.allCases {
                var reading = try #require(reader.read(value, leavingUnread: tab))
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
                let reading = try #require(reader.read(value, leavingUnread: tab))
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
        let reading = try #require(reader.read(cookie.write(Stored(state: state, nonce: "n")), leavingUnread: .recipes))
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

    /// A value this cookie wrote reads from the state it was written from, as its JSON reads: the
    /// same state and flags, the same stack left unread as the same bytes, for every tab.
    @Test func aValueWrittenHereReadsAsItsJSONDoes() throws {
        var generator = StateGenerator(random: SplitMix64(seed: 0x3A17E))
        var failures: [String] = []
        var kept = 0
        for index in 0..<2_000 {
            let stored = CookieStateJSONTests.stored(&generator)
            let visible = index % 2 == 0 ? Links(stored.state).encodedStack : nil
            let value = cookie.write(stored, visible: visible)
            if cookie.written.reading(of: value, leavingUnread: nil) != nil { kept += 1 }
            let (version, json) = try #require(cookie.verifiedJSON(value))
            for tab in [nil] + TestTab.allCases {
                let fromTable = cookie.read(value, leavingUnread: tab)
                let parsed = cookie.read(version: version, json: json, leavingUnread: tab)
                guard let fromTable, let parsed else {
                    if (fromTable == nil) != (parsed == nil) { failures.append("refused differently: \(value)") }
                    continue
                }
                if fromTable.stored != parsed.stored || fromTable.stored.leftOutScreens != parsed.stored.leftOutScreens
                    || fromTable.stored.leftOutDraft != parsed.stored.leftOutDraft
                    || fromTable.unread?.tab != parsed.unread?.tab || fromTable.unread?.json.elementsEqual(parsed.unread?.json ?? []) == false
                    || fromTable.unreadStack?.routes != parsed.unreadStack?.routes {
                    failures.append("\(tab.map { "\($0)" } ?? "none") unread: \(value)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2))")
        // Most states are kept; a draft, a long notice or a trimmed cookie is read from its JSON.
        #expect(kept > 300 && kept < 1_700, "\(kept) kept")
    }

    /// A value found in the table is one this cookie wrote, byte for byte: another payload under
    /// a kept value's signature, or a kept payload under another signature, is refused as before;
    /// the table is bounded.
    @Test func onlyTheValueWrittenIsReadFromTheTable() throws {
        let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))
        var state = State(selectedTab: .recipes)
        state.apply(.push(.category("ab")))
        let value = cookie.write(Stored(state: state, nonce: "n"))
        #expect(cookie.written.count == 1 && cookie.read(value, leavingUnread: .recipes)?.unreadStack?.routes == [.category("ab")])
        let parts = value.split(separator: ".")
        let otherPayload = cookie.write(Stored(state: state, nonce: "m")).split(separator: ".")[1]
        let otherSignature = parts[2].dropLast(2) + (parts[2].hasSuffix("AA") ? "BB" : "AA")
        for forged in ["\(parts[0]).\(otherPayload).\(parts[2])", "\(parts[0]).\(parts[1]).\(otherSignature)", value + "A"] {
            #expect(cookie.read(forged, leavingUnread: .recipes) == nil && cookie.read(forged, leavingUnread: nil) == nil)
        }
        // Past its limit the table starts afresh: 600 values leave at most 512 kept, and every
        // one still reads, from the table or from its JSON.
        for index in 0..<600 {
            let next = cookie.write(Stored(state: state, nonce: "n\(index)"))
            #expect(cookie.read(next, leavingUnread: nil)?.stored.nonce == "n\(index)")
        }
        #expect(cookie.written.count <= 512 && cookie.written.count > 0)
        #expect(cookie.read(value, leavingUnread: .recipes)?.stored.nonce == "n")

        // The largest cookies fill the bytes first: 600 of over 3 KB each keep at most 1 MiB.
        var deep = state
        while cookie.write(Stored(state: deep, nonce: "d000")).utf8.count < 3_000 {
            deep.apply(.push(.recipe("recipe-\(deep.path.count)")))
        }
        var largest = 0
        for index in 0..<600 {
            let (next, isTrimmed) = cookie.writing(Stored(state: deep, nonce: "d\(1_000 + index)"))
            #expect(!isTrimmed && next.utf8.count > 3_000)
            largest = max(largest, cookie.written.bytes)
        }
        #expect(largest <= 1 << 20 && largest > 1 << 19 && cookie.written.count < 350)
    }
}
