import Foundation
import HTTPTestSupport
import Testing
@testable import Navigation

/// 5,000 random valid states through the cookie: each either comes back exactly (presentations
/// live in the URL, not the cookie) or, when it does not fit, comes back trimmed: within the
/// budget, every stack a prefix of the original, everything else intact, and the same trimmed
/// state however often it is written.
@Suite struct CookiePropertyTests {
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    /// A random state, a third of them with stacks deep enough to overflow the cookie.
    static func state(_ generator: inout StateGenerator) -> State {
        var state = generator.state()
        if generator.int(0...2) == 0 {
            for tab in TestTab.allCases where generator.int(0...1) == 0 {
                state[tab].path = StackState(state[tab].path.elements + (0..<generator.int(10...90)).map { _ in generator.route() })
            }
        }
        if generator.int(0...3) == 0 {
            state.features = ["beta", generator.id()]
            state.context = generator.id()
            state.flow = TestDraft(name: generator.id(), step: 2)
            state.sceneStorage = ["playing": generator.id()]
            state.owner = generator.id()
        }
        return state
    }

    /// Trimming as specified: the top screen of the longest stack, one at a time, until it fits
    /// under the longer of the cookie's names (`__Host-nav`, over https).
    func removingOneAtATime(_ state: State) -> String {
        var payload = StateCookie<TestNavigation>.payload(of: StoredState(state: state, nonce: "n"))
        var value = cookie.seal(payload)
        let order = TestTab.allCases.map { $0.rawValue }
        while "\(cookie.secureName)=\(value)".utf8.count > cookie.maxSize, payload.trim(visible: state.selectedTab.rawValue, order: order) {
            value = cookie.seal(payload)
        }
        return value
    }

    @Test func fiveThousandStatesRoundTripOrTrimDeterministically() throws {
        var generator = StateGenerator(random: SplitMix64(seed: 0x5_000))
        var exact = 0, trimmed = 0, largest = 0
        var failures: [String] = []
        for _ in 0..<5_000 {
            var state = Self.state(&generator)
            state.presentation = nil
            let value = cookie.encode(state)
            largest = max(largest, "\(cookie.secureName)=\(value)".utf8.count)
            guard let decoded = cookie.decode(value) else { failures.append("unreadable"); continue }
            if decoded == state { exact += 1; continue }
            trimmed += 1
            var expected = decoded
            for tab in TestTab.allCases {
                let (whole, part) = (state[tab].path.elements, decoded[tab].path.elements)
                if Array(whole.prefix(part.count)) != part { failures.append("\(tab) not a prefix") }
                expected[tab].path = state[tab].path
                expected[tab].selection = state[tab].selection
            }
            if expected != state { failures.append("more than stacks changed") }
            if cookie.decode(cookie.encode(state)) != decoded { failures.append("trimming not deterministic") }
            if cookie.write(StoredState(state: state, nonce: "n")) != removingOneAtATime(state) {
                failures.append("not the fewest screens removed")
            }
            if cookie.decode(cookie.encode(decoded)) != decoded { failures.append("trimmed state not stable") }
        }
        #expect(largest <= 4096)
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(3))")
        #expect(trimmed > 150, "the generator overflows the budget often enough to test trimming")
        Figure.report("cookie property run (5,000 random states)",
                      "\(exact) exact, \(trimmed) trimmed deterministically, \(failures.count) failures, largest \(largest) B")
    }
}
