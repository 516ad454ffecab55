import Testing
@testable import Navigation

/// `NavigationState` keeps its fields in one storage that its copies share until one changes:
/// a change to a copy must never show in the state it was copied from, whichever field it is.
@Suite("A state's copies are independent values")
struct StateValueSemanticsTests {
    /// Each change a copy can undergo, named for the failure message.
    static let changes: [(String, @Sendable (inout State) -> Void)] = [
        ("selectedTab", { $0.selectedTab = $0.selectedTab == .profile ? .home : .profile }),
        ("presentations", { $0.presentation = $0.presentation == .photo ? .search : .photo }),
        ("customization", { $0.customization.hidden.insert(.orders) }),
        ("features", { $0.features.insert("beta") }),
        ("context", { $0.apply(.switchContext("team")) }),
        ("flow", { $0.flow = TestDraft(name: "Ada") }),
        ("owner", { $0.bind(to: "account-2") }),
        ("sceneStorage", { $0.apply(.setSceneStorage("playing", "song")) }),
        ("a tab's stack", { $0[.recipes].path.append(.recipe("tart")) }),
        ("the selected stack", { $0.path.removeLast() }),
    ]

    /// Every field written out, element IDs included, which `==` leaves out.
    static func fields(of state: State) -> String {
        [state.url, "\(state.features)", "\(state.sceneStorage)", "\(state.customization)", "\(String(describing: state.flow))",
         state.owner ?? "-", state.context ?? "-", "\(TestTab.allCases.map { state[$0] })"].joined(separator: "|")
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        var generator = StateGenerator(random: SplitMix64(seed: 0x5EED))
        for _ in 0..<50 {
            var original = generator.state()
            original.apply(.push(.settings))
            original.features = ["alpha"]
            original.sceneStorage = ["kept": "yes"]
            let snapshot = Self.fields(of: original)
            let kept = original
            for (name, change) in Self.changes {
                var copy = original
                change(&copy)
                #expect(copy != original, "changing \(name) changed nothing")
                #expect(original == kept, "changing \(name) of a copy changed the original")
                #expect(Self.fields(of: original) == snapshot, "changing \(name) of a copy changed the original")
            }
        }
    }

    @Test func theOriginalChangedLeavesItsCopiesAsTheyWere() {
        var original = State(selectedTab: .home)
        original.apply(.push(.orderHistory))
        let copies = (0..<3).map { _ in original }
        original.apply(.push(.orderDetail(orderId: "ORD-1")))
        original.features.insert("beta")
        for copy in copies {
            #expect(copy.path.count == 1)
            #expect(copy.features.isEmpty)
        }
        #expect(original.path.count == 2)
    }
}
