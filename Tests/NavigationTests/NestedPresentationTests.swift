import Foundation
import Testing
@testable import Navigation

/// Presentations over presentations: a sheet's own sheet, a dialog over that (TCA's `@Presents`
/// inside a presented feature).
@Suite("Nested presentations")
struct NestedPresentationTests {
    let order = TestDestination.orderSheet(orderId: "ORD-001")
    let search = TestDestination.search
    let delete = TestDestination.deleteConfirmation(orderId: "ORD-001")
    var sheet: State { State(selectedTab: .home).applying(.push(.orderHistory)).applying(.present(order)) }

    @Test func presentOverStacksOnTheTopAndDismissClosesOnlyTheTop() {
        var state = sheet.applying(.setDetent(.large)).applying(.pushPresented(.settings))
        state.apply(.presentOver(search))
        state.apply(.presentOver(delete))
        #expect(state.presentations.map(\.destination) == [order, search, delete])
        #expect(state.presentation == order, "the first presentation is still the one over the stack")
        #expect(state.topPresentation?.destination == delete)
        state.apply(.dismiss)
        #expect(state.presentations.map(\.destination) == [order, search])
        state.apply(.dismiss)
        #expect(state.presentations.map(\.destination) == [order])
        #expect(state.presentationPath.elements == [.settings], "the one beneath comes back with its own stack")
        #expect(state.detent == .large, "and its detent")
        state.apply(.dismiss)
        #expect(state.presentations.isEmpty)
        #expect(state.path.elements == [.orderHistory])
        state.apply(.dismiss)
        #expect(state.presentations.isEmpty, "dismissing nothing changes nothing")
    }

    @Test func presentOverWithNothingPresentedPresentsOverTheScreen() {
        let state = State(selectedTab: .home).applying(.presentOver(search))
        #expect(state.presentations.map(\.destination) == [search])
    }

    @Test func theSchemaBoundsTheDepth() {
        var state = sheet.applying(.presentOver(search)).applying(.presentOver(delete))
        #expect(TestNavigation.presentationDepth == 3)
        state.apply(.presentOver(.photo))
        #expect(state.presentations.count == 3, "a fourth is not presented")
        #expect(state.topPresentation?.destination == delete)
        #expect(sheet.applying(.presentOver(order)) == sheet, "the top one over itself changes nothing")
    }

    @Test func actionsOnThePresentationActOnTheTop() {
        var state = sheet.applying(.presentOver(search))
        state.apply(.pushPresented(.settings))
        #expect(state.presentations[1].path.elements == [.settings])
        #expect(state.presentations[0].path.isEmpty)
        state.apply(.popPresented)
        #expect(state.presentations[1].path.isEmpty)
        var over = sheet.applying(.presentOver(.orderSheet(orderId: "ORD-002")))
        over.apply(.setDetent(.large))
        #expect(over.presentations[1].detent == .large)
        #expect(over.presentations[0].detent == .medium)
    }

    @Test func presentReplacesAndStackChangesCloseTheWholeChain() {
        let chain = sheet.applying(.presentOver(search)).applying(.presentOver(delete))
        #expect(chain.applying(.present(.photo)).presentations.map(\.destination) == [.photo])
        #expect(chain.applying(.present(order)) == chain, "presenting the first one again changes nothing")
        #expect(chain.applying(.dismissAll).presentations.isEmpty)
        #expect(chain.applying(.push(.settings)).presentations.isEmpty)
        #expect(chain.applying(.pop).presentations.isEmpty)
        #expect(chain.applying(.selectTab(.orders)).presentations.isEmpty)
        var replaced = chain
        replaced.presentation = .photo
        #expect(replaced.presentations.map(\.destination) == [.photo])
    }

    @Test func theURLCarriesTheChainAndOpensItFromCold() throws {
        let state = sheet.applying(.setDetent(.large)).applying(.pushPresented(.settings))
            .applying(.presentOver(.orderSheet(orderId: "a/b"))).applying(.pushPresented(.orderHistory))
            .applying(.presentOver(delete))
        #expect(state.url == "/home/orders?present=order/ORD-001&detent=large&presented-path=settings"
            + "&present-2=order/a%252Fb&presented-path-2=orders&present-3=delete/ORD-001", "\(state.url)")
        #expect(matchURL(state.url) == .location(state.location))
        let opened = State(selectedTab: .orders).applying(.open(state.location))
        #expect(opened.presentations == state.presentations)
        #expect(Links(state).url == state.url)
        #expect(Links(state).url(after: .dismiss) == state.applying(.dismiss).url)
        #expect(Links(sheet).url(after: .dismiss) == sheet.applying(.dismiss).url)
        #expect(Links(state).url(after: .dismissAll) == "/home/orders")
    }

    @Test func aURLPastTheDepthOrWithAGapIsPartial() {
        let deep = ["present": "search", "present-2": "search", "present-3": "photo", "present-4": "photo"]
        guard case .partial(let location, let unmatched) = Loc.match(path: "/home", query: deep) else {
            Issue.record("expected a partial match")
            return
        }
        #expect(location.presentations.count == 3)
        #expect(unmatched == "present-4=photo")
        guard case .partial(let gap, let skipped) = Loc.match(path: "/home", query: ["present-2": "search"]) else {
            Issue.record("expected a partial match")
            return
        }
        #expect(gap.presentations.isEmpty)
        #expect(skipped == "present-2=search")
        guard case .partial(_, let bad) = Loc.match(path: "/home", query: ["present": "search", "present-2": "bogus"]) else {
            Issue.record("expected a partial match")
            return
        }
        #expect(bad == "present-2=bogus")
    }

    @Test func theJSONShowsTheChainOutsideIn() throws {
        let state = sheet.applying(.presentOver(search)).applying(.presentOver(delete))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(state.sortedJSON())) as? [String: Any])
        let first = try #require(json["presentation"] as? [String: Any])
        #expect(first["style"] as? String == "sheet")
        let second = try #require(first["presentation"] as? [String: Any])
        #expect(second["destination"] as? [String: [String: String]] == ["search": [:]])
        let third = try #require(second["presentation"] as? [String: Any])
        #expect(third["style"] as? String == "confirmationDialog")
        #expect(third["presentation"] == nil)
        #expect(try JSONDecoder().decode(State.self, from: Data(state.sortedJSON())) == state)
        #expect(try JSONDecoder().decode(State.self, from: JSONEncoder().encode(state)) == state)
    }

    @Test func movementSaysPresentAndDismissForTheTop() {
        let one = sheet.location, two = sheet.applying(.presentOver(search)).location
        #expect(Loc.movement(from: one, to: two) == .present)
        #expect(Loc.movement(from: two, to: one) == .dismiss)
        let pushed = sheet.applying(.presentOver(search)).applying(.pushPresented(.settings)).location
        #expect(Loc.movement(from: two, to: pushed) == .pushPresented)
        #expect(Loc.movement(from: two, to: sheet.applying(.presentOver(delete)).location) == .replace)
    }

    @Test func dismissScreenClosesWhateverIsInFront() {
        let pushedInSheet = sheet.applying(.pushPresented(.settings))
        #expect(pushedInSheet.applying(.dismissScreen) == sheet, "a screen pushed in a sheet is popped")
        #expect(sheet.applying(.dismissScreen).presentations.isEmpty, "a sheet at its root closes")
        #expect(sheet.applying(.dismissScreen).path.elements == [.orderHistory], "and the stack stays")
        let over = sheet.applying(.presentOver(search))
        #expect(over.applying(.dismissScreen) == sheet, "a presentation over another closes alone")
        let pushed = State(selectedTab: .home).applying(.push(.orderHistory)).applying(.push(.settings))
        #expect(pushed.applying(.dismissScreen).path.elements == [.orderHistory], "a pushed screen pops")
        #expect(State(selectedTab: .home).applying(.dismissScreen) == State(selectedTab: .home), "a root stays")
    }
}
