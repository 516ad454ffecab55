import Testing
@testable import Navigation

@Suite("StackState identities")
struct StackStateTests {
    @Test func idsAreStableAcrossPushesAndPops() throws {
        var stack = StackState<TestRoute>()
        stack.append(.orderHistory)
        stack.append(.orderDetail(orderId: "A"))
        stack.append(.settings)
        let first = stack.ids
        #expect(Set(first).count == 3, "ids are distinct")
        stack.removeLast()
        #expect(stack.ids == Array(first.prefix(2)), "popping keeps the ids below")
        stack.append(.userDetail(userId: 1))
        #expect(stack.ids.prefix(2) == first.prefix(2))
        let pushed = try #require(stack.ids.last)
        #expect(!first.contains(pushed), "a popped id is never handed out again")
        #expect(stack[id: pushed] == .userDetail(userId: 1))
        #expect(stack[id: first[2]] == nil)
        #expect(stack[id: first[1]] == .orderDetail(orderId: "A"))
    }

    @Test func popToMovesToTheNamedElement() {
        var stack: StackState<TestRoute> = [.orderHistory, .orderDetail(orderId: "A"), .settings]
        let ids = stack.ids
        let popped = stack.pop(to: ids[1])
        #expect(popped)
        #expect(stack.elements == [.orderHistory, .orderDetail(orderId: "A")])
        #expect(stack.ids == Array(ids.prefix(2)))
        let stale = stack.pop(to: ids[2])
        #expect(!stale, "a popped id is stale")
        #expect(stack.count == 2)
    }

    @Test func replaceGivesFreshIDs() {
        var stack: StackState<TestRoute> = [.orderHistory, .settings]
        let old = stack.ids
        stack.replace(with: [.orderHistory, .settings])
        #expect(stack.elements == [.orderHistory, .settings])
        #expect(Set(stack.ids).isDisjoint(with: old), "a replaced stack does not answer to old ids")
        let stale = stack.pop(to: old[0])
        #expect(!stale)
        #expect(stack.count == 2)
    }

    @Test func removeLastClampsToTheStack() {
        var stack: StackState<TestRoute> = [.orderHistory, .settings]
        stack.removeLast(-1)
        #expect(stack.count == 2)
        stack.removeLast(10)
        #expect(stack.isEmpty)
        #expect(stack.ids.isEmpty)
    }

    @Test func equalityComparesValuesNotIDs() {
        var pushed = StackState<TestRoute>()
        pushed.append(.settings)
        pushed.append(.orderHistory)
        pushed.removeLast()
        pushed.append(.orderHistory)
        let literal: StackState<TestRoute> = [.settings, .orderHistory]
        #expect(pushed.ids != literal.ids)
        #expect(pushed == literal)
        #expect(pushed.hashValue == literal.hashValue)
    }

    @Test func navigationStateIDsStableAcrossPushesAndPops() throws {
        var state = State()
        state.apply(.push(.orderHistory))
        state.apply(.push(.orderDetail(orderId: "A")))
        let history = try #require(state.path.ids.first)
        state.apply(.pop)
        state.apply(.push(.orderDetail(orderId: "B")))
        #expect(state.path.ids.first == history)
        state.apply(.selectTab(.recipes))
        state.apply(.push(.recipe("r")))
        state.apply(.selectTab(.home))
        #expect(state.path.ids.first == history, "switching tabs keeps the ids")
        state.apply(.popTo(history))
        #expect(state.path.elements == [.orderHistory])
    }

    /// StackElementID promises that a stale pop-to link "pops to the right element or does
    /// nothing, never to a wrong one". Inside one `NavigationState` that breaks once the stack
    /// becomes empty: the subscript setter drops the empty tab, and the next push starts a new
    /// `StackState` whose ids start at 0 again.
    @Test func staleIDFromBeforeAnEmptiedStackDoesNotPopToANewScreen() throws {
        var state = State()
        state.apply(.push(.orderHistory))
        state.apply(.push(.orderDetail(orderId: "A")))
        let staleHistory = try #require(state.path.ids.first)  // a link rendered on this page
        state.apply(.popToRoot)
        state.apply(.push(.settings))
        state.apply(.push(.userDetail(userId: 1)))
        state.apply(.push(.userDetail(userId: 2)))
        state.apply(.popTo(staleHistory))
        #expect(state.path.elements == [.settings, .userDetail(userId: 1), .userDetail(userId: 2)],
                "popTo(\(staleHistory)) was minted for .orderHistory, which is gone")
    }
}
