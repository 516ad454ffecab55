import Foundation
import Testing
@testable import Navigation

/// A small seeded generator (SplitMix64), so every run checks the same states.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random valid states: any tab, stacks of any route, split selections, presentations, and
/// identifiers drawn from letters, URL delimiters, spaces and unicode. Identifiers are never empty,
/// never contain `/` and never start with a combining mark (those have their own tests in `URLTests`).
struct StateGenerator {
    var random: SplitMix64

    static let pieces: [String] = [
        "a", "Z", "0", "42", "ORD-", "apple", "-", "_", ".", "~", " ", "?", "#", "&", "=", "%", "+",
        ";", ",", ":", "@", "!", "$", "'", "(", "\"", "<", ">", "\\", "é", "ß", "日本", "🍎", "👍🏽",
        "\u{301}", "\t", "%20", "%2F",
    ]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// Never starts with the combining mark (that case has its own test in `URLTests`).
    mutating func id() -> String {
        let text = (0..<int(1...6)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        return text.unicodeScalars.first == "\u{301}" ? "x" + text : text
    }

    mutating func number() -> Int {
        [0, -1, Int.max, Int.min, int(-1_000...1_000_000)].randomElement(using: &random)!
    }

    mutating func route() -> TestRoute {
        switch int(0...5) {
        case 0: .userDetail(userId: number())
        case 1: .settings
        case 2: .orderHistory
        case 3: .orderDetail(orderId: id())
        case 4: .category(id())
        default: .recipe(id())
        }
    }

    mutating func destination() -> TestDestination? {
        switch int(0...6) {
        case 0: .search
        case 1: .orderSheet(orderId: id())
        case 2: .deleteConfirmation(orderId: id())
        case 3: .photo
        default: nil
        }
    }

    mutating func state() -> State {
        var state = State(selectedTab: TestTab.allCases.randomElement(using: &random)!)
        for tab in TestTab.allCases {
            state[tab].path = StackState((0..<int(0...5)).map { _ in route() })
            if int(0...3) == 0 {
                state[tab].selection = (0..<int(1...2)).map { _ in route() }
            }
        }
        state.presentation = destination()
        return state
    }
}

@Suite("Random states round trip")
struct PropertyTests {
    static let count = 500

    @Test func generatorIsReproducible() {
        var a = StateGenerator(random: SplitMix64(seed: 7))
        var b = StateGenerator(random: SplitMix64(seed: 7))
        var c = StateGenerator(random: SplitMix64(seed: 8))
        let first = (0..<20).map { _ in a.state() }
        #expect(first == (0..<20).map { _ in b.state() })
        #expect(first != (0..<20).map { _ in c.state() })
    }

    /// `==` compares the tabs' stored states where both states hold every tab, and falls back to
    /// each tab's state where one holds none: it must agree with comparing every part, each tab's
    /// as the subscript gives it (a tab never visited is at its root; element IDs do not count).
    @Test func equalityIsEveryPartWhateverHowTheTabsAreStored() {
        var generator = StateGenerator(random: SplitMix64(seed: 0xE0A1))
        func same(_ a: State, _ b: State) -> Bool {
            a.selectedTab == b.selectedTab && a.presentations == b.presentations && a.customization == b.customization
                && a.features == b.features && a.context == b.context && a.owner == b.owner && a.flow == b.flow
                && a.sceneStorage == b.sceneStorage && TestTab.allCases.allSatisfy { a[$0] == b[$0] }
        }
        var failures: [String] = []
        var equal = 0
        for _ in 0..<Self.count {
            let a = generator.state()
            // The same screens in a storage of its own, with another element ID made and dropped.
            var b = a
            b.apply(.push(generator.route()))
            b.apply(.pop)
            let c = generator.state()
            // A tab visited and back at its root, and a state that never visited one.
            var visited = State(selectedTab: a.selectedTab)
            visited.apply(.push(.settings))
            visited.apply(.pop)
            let fresh = State(selectedTab: a.selectedTab)
            for (x, y) in [(a, b), (b, a), (a, c), (visited, fresh), (fresh, visited), (a, a), (a, fresh)] {
                if (x == y) != same(x, y) { failures.append(x.url + " against " + y.url) }
                if x == y { equal += 1 }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) pairs, e.g. \(failures.prefix(3))")
        #expect(equal >= Self.count * 3)
    }

    @Test(arguments: [0x5EED, 0xC00C1E] as [UInt64])
    func visibleScreenRoundTripsThroughTheURL(seed: UInt64) {
        var generator = StateGenerator(random: SplitMix64(seed: seed))
        var failures: [String] = []
        var presented = 0, selected = 0
        for _ in 0..<Self.count {
            let state = generator.state()
            if state.presentation != nil { presented += 1 }
            if !state[state.selectedTab].selection.isEmpty { selected += 1 }
            let url = state.url
            guard matchURL(url) == .location(state.location) else {
                failures.append(url)
                continue
            }
            // Opening the URL on any other state shows the same screen.
            let opened = State(selectedTab: .profile).applying(.open(state.location))
            if opened.url != url || opened.location != state.location { failures.append("open " + url) }
        }
        #expect(failures.isEmpty, "\(failures.count) URLs did not round trip, e.g. \(failures.prefix(5))")
        #expect(presented > 50 && selected > 50, "the generator covers presentations and selections")
    }

    @Test func stackURLsAreWherePoppingLeads() {
        var generator = StateGenerator(random: SplitMix64(seed: 0x57AC))
        var failures: [String] = []
        for _ in 0..<Self.count {
            let state = generator.state()
            let expected = [state.applying(.popToRoot).url] + state.path.ids.map { state.applying(.popTo($0)).url }
            let links = Links(state)
            if state.stackURLs != expected || expected.indices.map(links.stackURL(depth:)) != expected {
                failures.append(state.url)
            }
        }
        #expect(failures.isEmpty, "\(failures.count) stacks, e.g. \(failures.prefix(3))")
    }

    @Test func linksLeadWhereApplyingTheActionLeads() {
        var generator = StateGenerator(random: SplitMix64(seed: 0x11AC))
        var failures: [String] = []
        var checked = 0
        for _ in 0..<Self.count {
            let state = generator.state()
            let links = Links(state)
            var actions: [NavigationAction<TestNavigation>] = [
                .push(generator.route()), .pop, .popToRoot, .dismiss, .present(.search), .present(.photo),
                .setColumns(.all), .setColumns(.automatic), .setColumns(.detailOnly), .popPresented, .pushPresented(generator.route()),
                .replace([]), .replace([generator.route(), generator.route()]),
            ]
            actions += TestTab.allCases.map { .selectTab($0) }
            // A split view's rows: the stack replaced by one that starts as it does.
            let stack = state.path.elements
            actions += (0...stack.count).map { .replace(Array(stack.prefix($0)) + [generator.route()]) }
            actions += [.replace(stack), .replace(Array(stack.dropLast()))]
            actions += state.path.ids.map { .popTo($0) } + [.popTo(StackElementID(rawValue: 99))]
            if let destination = generator.destination() { actions.append(.present(destination)) }
            if let presentation = state.presentation { actions.append(.present(presentation)) }
            if links.url != state.url { failures.append("url " + state.url) }
            for action in actions {
                checked += 1
                if links.url(after: action) != state.applying(action).url { failures.append("\(action) on " + state.url) }
            }
        }
        #expect(checked > 5_000)
        #expect(failures.isEmpty, "\(failures.count) links, e.g. \(failures.prefix(3))")
    }

    @Test(arguments: [0x5EED, 0xC00C1E] as [UInt64])
    func everyTabRoundTripsThroughTheCookie(seed: UInt64) {
        let cookie = StateCookie<TestNavigation>(keys: ring(newSecret, oldSecret))
        var generator = StateGenerator(random: SplitMix64(seed: seed))
        var failures: [State] = []
        var largest = 0
        for _ in 0..<Self.count {
            var state = generator.state()
            let value = cookie.encode(state)
            largest = max(largest, "\(cookie.name)=\(value)".utf8.count)
            state.presentation = nil  // presentations live in the URL only
            if cookie.decode(value) != state { failures.append(state) }
        }
        #expect(largest <= 4096)
        #expect(failures.isEmpty, "\(failures.count) states did not round trip, e.g. \(failures.prefix(2))")
    }

    @Test(arguments: [0x5EED] as [UInt64])
    func everyStateRoundTripsThroughJSON(seed: UInt64) throws {
        var generator = StateGenerator(random: SplitMix64(seed: seed))
        for _ in 0..<Self.count {
            let state = generator.state()
            let data = try JSONEncoder().encode(state)
            let decoded = try JSONDecoder().decode(State.self, from: data)
            #expect(decoded == state)
        }
    }
}
