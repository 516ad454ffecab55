import Testing
@testable import Navigation

@Suite("State cookie size budget")
struct CookieBudgetTests {
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    func size(_ value: String, name: String = "nav") -> Int {
        "\(name)=\(value)".utf8.count
    }

    func isPrefix(_ part: [TestRoute], of whole: [TestRoute]) -> Bool {
        part.count <= whole.count && Array(whole.prefix(part.count)) == part
    }

    static let selectedTabs: [TestTab] = TestTab.allCases

    @Test(arguments: selectedTabs)
    func deepStacksInEveryTabAreTrimmedToTheBudget(selected: TestTab) throws {
        let state = deepState(depth: 64, tabs: TestTab.allCases, selected: selected)
        let value = cookie.encode(state)
        #expect(size(value) <= 4096, "name=value is \(size(value)) bytes")
        let decoded = try #require(cookie.decode(value))
        #expect(decoded != state, "64 screens in four tabs cannot all fit")
        #expect(decoded.selectedTab == selected)
        for tab in TestTab.allCases {
            #expect(isPrefix(decoded[tab].path.elements, of: state[tab].path.elements),
                    "\(tab.rawValue) keeps a prefix of its stack")
        }
        let visible = decoded[selected].path.count
        let hidden = TestTab.allCases.filter { $0 != selected }.map { decoded[$0].path.count }
        // The longest stack is trimmed first; among equals the visible one (its screens are in the URL).
        #expect(hidden.allSatisfy { $0 >= visible }, "visible \(visible) screens, hidden \(hidden)")
        #expect(hidden.max()! - visible <= 1, "stacks end within one screen: visible \(visible), hidden \(hidden)")
        #expect(hidden.reduce(0, +) > 0, "trimming stops once the cookie fits: \(hidden)")
    }

    @Test func trimmingIsDeterministic() {
        let state = deepState(depth: 64, tabs: TestTab.allCases, selected: .recipes)
        let reversed = deepState(depth: 64, tabs: TestTab.allCases.reversed(), selected: .recipes)
        #expect(state == reversed)
        // The nonce is random per cookie; fixed here so only trimming could vary.
        func write(_ state: State, with codec: StateCookie<TestNavigation>) -> String {
            codec.write(StoredState(state: state, nonce: "fixed-nonce"))
        }
        let first = write(state, with: cookie)
        for _ in 0..<20 {
            #expect(write(state, with: cookie) == first)
        }
        #expect(write(reversed, with: cookie) == first, "tab insertion order does not matter")
        let otherInstance = StateCookie<TestNavigation>(keys: ring(newSecret))
        #expect(write(state, with: otherInstance) == first)
    }

    @Test func trimmingKeepsWholeScreens() throws {
        // Routes of two segments and of one segment alternate; a half-removed screen would not parse.
        var state = State(selectedTab: .home)
        for tab in TestTab.allCases {
            state[tab].path = StackState((0..<80).map {
                $0.isMultiple(of: 2) ? .orderDetail(orderId: "ORDER-\(tab.rawValue)-\($0)") : .settings
            })
        }
        let value = cookie.encode(state)
        #expect(size(value) <= 4096)
        let decoded = try #require(cookie.decode(value))
        let json = try #require(cookie.open(value))
        for tab in TestTab.allCases {
            let segments = json.s[tab.rawValue] ?? []
            #expect(segments == decoded[tab].path.flatMap(\.pathSegments), "every stored segment parses back")
            #expect(isPrefix(decoded[tab].path.elements, of: state[tab].path.elements))
        }
    }

    @Test func aThirtyTwoDeepStackIsNotTrimmed() throws {
        let state = deepState(depth: 32, tabs: [.home], selected: .home)
        let value = cookie.encode(state)
        print("cookie bytes for a 32-deep stack: \(size(value)) (name=value; value alone \(value.utf8.count))")
        #expect(size(value) <= 4096)
        let decoded = try #require(cookie.decode(value))
        #expect(decoded.path.count == 32)
        #expect(decoded == state)
    }

    @Test func aThirtyTwoDeepHiddenStackIsNotTrimmed() throws {
        let state = deepState(depth: 32, tabs: [.orders], selected: .home)
        #expect(cookie.decode(cookie.encode(state)) == state)
    }

    @Test(arguments: [512, 1024, 2048])
    func smallerBudgetsAreHonoured(maxSize: Int) throws {
        let small = StateCookie<TestNavigation>(keys: ring(newSecret), name: "navigation-state", maxSize: maxSize)
        let state = deepState(depth: 64, tabs: TestTab.allCases, selected: .orders)
        let value = small.encode(state)
        #expect(size(value, name: "navigation-state") <= maxSize)
        let decoded = try #require(small.decode(value))
        for tab in TestTab.allCases {
            #expect(isPrefix(decoded[tab].path.elements, of: state[tab].path.elements))
        }
    }

    @Test func splitSelectionsAreKeptWhileStacksCanBeTrimmed() throws {
        var state = deepState(depth: 64, tabs: TestTab.allCases, selected: .home)
        state[.recipes].selection = [.category("desserts"), .recipe("apple-pie")]
        let decoded = try #require(cookie.decode(cookie.encode(state)))
        #expect(decoded[.recipes].selection == [.category("desserts"), .recipe("apple-pie")])
    }
}
