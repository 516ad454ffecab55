import Testing
@testable import Navigation

@Suite("Navigation actions")
struct NavigationActionTests {
    /// home: [orderHistory, orderDetail(ORD-001)], recipes: [category(desserts)], home selected.
    static var ordersOpen: State {
        var state = State()
        state.apply(.selectTab(.recipes))
        state.apply(.push(.category("desserts")))
        state.apply(.selectTab(.home))
        state.apply(.push(.orderHistory))
        state.apply(.push(.orderDetail(orderId: "ORD-001")))
        return state
    }

    @Test func newStateIsAtTheDefaultTabRoot() {
        let state = State()
        #expect(state.selectedTab == .home)
        #expect(state.path.isEmpty)
        #expect(state.presentation == nil)
        #expect(state.visitedTabs.isEmpty)
        #expect(state.url == "/home")
    }

    /// A context change starts a flow anew: another account's onboarding is not filled with
    /// the first one's answers. The same context again changes nothing.
    @Test func switchingContextForgetsTheFlowsDraft() {
        var state = Self.ordersOpen
        state.apply(.recordFlow(TestDraft(name: "Ana")))
        state.apply(.switchContext("42"))
        #expect(state.flow == nil)
        state.apply(.recordFlow(TestDraft(name: "Jordan")))
        state.apply(.switchContext("42"))
        #expect(state.flow == TestDraft(name: "Jordan"))
    }

    /// Seed 003's "Clear Navigation History": every stack and selection goes, the default tab
    /// shows; what is not history stays.
    @Test func clearingHistoryEmptiesEveryStackAndKeepsTheRest() {
        var state = Self.ordersOpen
        state.apply(.selectTab(.recipes))
        state.apply(.select([.category("mains")]))
        state.apply(.setColumns(.detailOnly))
        state.apply(.moveTab(.orders, by: -1))
        state.apply(.setTabHidden(.profile, true))
        state.apply(.setFeature("beta", true))
        state.apply(.switchContext("42"))
        state.apply(.push(.category("desserts")))
        state.apply(.recordFlow(TestDraft(step: 2)))
        state.apply(.present(.search))
        let before = state
        state.apply(.clearHistory)
        for tab in TestTab.allCases {
            #expect(state[tab].path.isEmpty && state[tab].selection.isEmpty, "\(tab)")
        }
        #expect(state.selectedTab == .home && state.presentation == nil && state.url == "/home")
        #expect(state[.recipes].columns == .detailOnly, "a column choice is how the tab looks, not where it went")
        #expect(state.customization == before.customization && state.features == before.features)
        #expect(state.context == "42" && state.flow == TestDraft(step: 2))
    }

    @Test func clearingHistoryWithTheDefaultTabHiddenShowsTheFirstVisible() {
        var state = State()
        state.apply(.selectTab(.orders))
        state.apply(.push(.orderHistory))
        state.apply(.setTabHidden(.home, true))
        state.apply(.clearHistory)
        #expect(state.selectedTab == state.visibleTabs.first && state.selectedTab != .home)
        #expect(state.path.isEmpty)
    }

    @Test func pushAppendsToTheSelectedTabOnly() {
        let state = Self.ordersOpen
        #expect(state.path.elements == [.orderHistory, .orderDetail(orderId: "ORD-001")])
        #expect(state[.recipes].path.elements == [.category("desserts")])
        #expect(state[.orders].path.isEmpty)
        #expect(state.visitedTabs == [.home, .recipes])
        #expect(state.url == "/home/orders/order/ORD-001")
    }

    @Test func popRemovesTheTopScreen() {
        let state = Self.ordersOpen.applying(.pop)
        #expect(state.path.elements == [.orderHistory])
        #expect(state[.recipes].path.elements == [.category("desserts")])
    }

    @Test func popOnAnEmptyStackDoesNothing() {
        let state = State(selectedTab: .orders).applying(.pop)
        #expect(state == State(selectedTab: .orders))
        #expect(state.path.isEmpty)
    }

    @Test func popToAnExistingElement() throws {
        var state = Self.ordersOpen
        state.apply(.push(.userDetail(userId: 7)))
        let historyID = try #require(state.path.ids.first)
        state.apply(.popTo(historyID))
        #expect(state.path.elements == [.orderHistory])
        #expect(state.path.ids == [historyID])
    }

    @Test func popToAStaleIDDoesNothing() throws {
        var state = Self.ordersOpen
        let detailID = try #require(state.path.ids.last)
        state.apply(.pop)
        state.apply(.present(.search))
        let before = state
        state.apply(.popTo(detailID))
        #expect(state == before)
        #expect(state.path.ids == before.path.ids)
        #expect(state.presentation == .search, "a stale pop-to must not even dismiss")
    }

    @Test func popToRootEmptiesOnlyTheSelectedTab() {
        let state = Self.ordersOpen.applying(.popToRoot)
        #expect(state.path.isEmpty)
        #expect(state[.recipes].path.elements == [.category("desserts")])
        #expect(state.visitedTabs == [.recipes])
    }

    @Test func replaceSetsTheWholeStack() {
        let routes: [TestRoute] = [.settings, .userDetail(userId: 3)]
        let state = Self.ordersOpen.applying(.replace(routes))
        #expect(state.path.elements == routes)
        #expect(state.selectedTab == .home)
        #expect(state[.recipes].path.elements == [.category("desserts")])
    }

    @Test func selectingAnotherTabRestoresItsStack() {
        var state = Self.ordersOpen
        state.apply(.selectTab(.recipes))
        #expect(state.selectedTab == .recipes)
        #expect(state.path.elements == [.category("desserts")])
        state.apply(.selectTab(.home))
        #expect(state.path.elements == [.orderHistory, .orderDetail(orderId: "ORD-001")])
    }

    @Test func selectingTheSelectedTabPopsToRoot() {
        let state = Self.ordersOpen.applying(.selectTab(.home))
        #expect(state.selectedTab == .home)
        #expect(state.path.isEmpty)
        #expect(state[.recipes].path.elements == [.category("desserts")])
    }

    @Test func splitSelectionResetsTheDetailStack() {
        let state = Self.ordersOpen.applying(.select([.category("cakes"), .recipe("sponge")]))
        #expect(state[.home].selection == [.category("cakes"), .recipe("sponge")])
        #expect(state.path.isEmpty)
        #expect(state.url == "/home?select=category/cakes/recipe/sponge")
        let cleared = state.applying(.push(.settings)).applying(.select([]))
        #expect(cleared[.home].isEmpty)
    }

    @Test func presentAndDismiss() {
        var state = Self.ordersOpen
        state.apply(.present(.orderSheet(orderId: "ORD-001")))
        #expect(state.presentation == .orderSheet(orderId: "ORD-001"))
        state.apply(.present(.photo))
        #expect(state.presentation == .photo, "a second presentation replaces the first")
        #expect(state.path.count == 2, "presenting leaves the stack alone")
        state.apply(.dismiss)
        #expect(state.presentation == nil)
        #expect(state == Self.ordersOpen)
    }

    @Test func openingALocationResetsItsTabAndKeepsOtherTabs() {
        let location = Loc(tab: .recipes, path: [.recipe("apple-pie")], presentation: .photo)
        let state = Self.ordersOpen.applying(.open(location))
        #expect(state.selectedTab == .recipes)
        #expect(state.path.elements == [.recipe("apple-pie")], "the old category screen is gone")
        #expect(state.presentation == .photo)
        #expect(state[.home].path.elements == [.orderHistory, .orderDetail(orderId: "ORD-001")])
        #expect(state.location == location)
    }

    static let stackChanges: [NavigationAction<TestNavigation>] = [
        .push(.settings), .pop, .popTo(StackElementID(rawValue: 3)), .popToRoot, .replace([.settings]),
        .selectTab(.home), .selectTab(.profile), .select([.category("x")]), .open(Loc(tab: .orders)),
    ]

    @Test(arguments: stackChanges)
    func stackChangesDismissThePresentation(action: NavigationAction<TestNavigation>) {
        var state = Self.ordersOpen
        state.apply(.push(.userDetail(userId: 1)))
        state.apply(.push(.settings))  // ids 2, 3
        state.apply(.present(.deleteConfirmation(orderId: "ORD-001")))
        let after = state.applying(action)
        #expect(after.presentation == nil)
        #expect(after != state)
    }

    @Test(arguments: [
        .push(.settings), .pop, .popTo(StackElementID(rawValue: 0)), .popToRoot, .replace([.settings]),
        .selectTab(.home), .selectTab(.profile), .select([.category("x")]), .open(Loc(tab: .orders)),
        .present(.search), .dismiss,
    ] as [NavigationAction<TestNavigation>])
    func applyingLeavesTheOriginalUnchanged(action: NavigationAction<TestNavigation>) {
        let original = Self.ordersOpen.applying(.present(.photo))
        let copy = original
        let result = original.applying(action)
        #expect(original == copy)
        #expect(original.path.ids == copy.path.ids)
        #expect(result != original)
        var mutated = original
        mutated.apply(action)
        #expect(mutated == result)
    }
}
