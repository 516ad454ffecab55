import Foundation
import Testing
@testable import Navigation

/// A sheet with several detents rests at its first until moved; the URL says where it is
/// (`detent=`), so a reload or a shared link opens it at the same height.
@Suite("Sheet detents")
struct DetentTests {
    let sheet = State(selectedTab: .orders).applying(.push(.orderHistory)).applying(.present(.orderSheet(orderId: "ORD-001")))

    @Test func aSheetRestsAtItsFirstDetentAndTheURLSaysNothing() {
        #expect(sheet.detent == .medium)
        #expect(sheet.url == "/orders/orders?present=order/ORD-001")
        #expect(State(selectedTab: .home).applying(.present(.search)).detent == .large)
        #expect(State(selectedTab: .home).applying(.present(.photo)).detent == nil, "a cover has no detents")
        #expect(State(selectedTab: .home).detent == nil)
    }

    @Test func growingTheSheetPutsTheDetentBesidePresent() {
        let grown = sheet.applying(.setDetent(.large))
        #expect(grown.detent == .large)
        #expect(grown.url == "/orders/orders?present=order/ORD-001&detent=large")
        #expect(Links(sheet).url(after: .setDetent(.large)) == grown.url)
        #expect(grown.applying(.setDetent(.medium)).url == sheet.url, "back at the first detent the URL drops it")
        #expect(grown.applying(.setDetent(.medium)) == sheet)
    }

    @Test func aDetentTheSheetDoesNotListChangesNothing() {
        let search = State(selectedTab: .home).applying(.present(.search))
        #expect(search.applying(.setDetent(.medium)) == search)
        #expect(search.applying(.setDetent(.medium)).detent == .large)
        let dialog = State(selectedTab: .home).applying(.present(.deleteConfirmation(orderId: "a")))
        #expect(dialog.applying(.setDetent(.large)) == dialog)
        #expect(State(selectedTab: .home).applying(.setDetent(.large)) == State(selectedTab: .home))
    }

    @Test func theDetentBelongsToItsPresentation() {
        let grown = sheet.applying(.setDetent(.large))
        #expect(grown.applying(.dismiss).applying(.present(.orderSheet(orderId: "ORD-001"))).detent == .medium)
        #expect(grown.applying(.present(.orderSheet(orderId: "ORD-002"))).detent == .medium)
        #expect(grown.applying(.present(.orderSheet(orderId: "ORD-001"))).detent == .large,
                "presenting what is presented changes nothing")
        #expect(grown.applying(.pushPresented(.settings)).detent == .large, "the sheet's own stack keeps its height")
        #expect(grown.applying(.push(.settings)).detent == nil)
        var replaced = grown
        replaced.presentation = .orderSheet(orderId: "ORD-003")
        #expect(replaced.detent == .medium)
    }

    @Test func theURLReadsBackAndAReloadKeepsIt() throws {
        let grown = sheet.applying(.pushPresented(.settings)).applying(.setDetent(.large))
        #expect(grown.url == "/orders/orders?present=order/ORD-001&detent=large&presented-path=settings")
        #expect(matchURL(grown.url) == .location(grown.location))
        let reloaded = State(selectedTab: .home).applying(.open(grown.location))
        #expect(reloaded.detent == .large)
        #expect(reloaded.url == grown.url)
        #expect(matchURL("/orders/orders?present=order/ORD-001&detent=medium") == .location(sheet.location),
                "the first detent, named, reads as resting")
    }

    @Test func aDetentTheURLCannotHaveIsNotFound() {
        let search = Loc(tab: .home, presentation: .search)
        #expect(matchURL("/home?present=search&detent=medium") == .partial(search, unmatched: "detent=medium"))
        #expect(matchURL("/home?present=search&detent=huge") == .partial(search, unmatched: "detent=huge"))
        #expect(matchURL("/home?present=photo&detent=large")
                == .partial(Loc(tab: .home, presentation: .photo), unmatched: "detent=large"))
        #expect(matchURL("/home?detent=large") == .location(Loc(tab: .home)), "without a presentation it is ignored")
        #expect(Loc(tab: .home, presentation: .search, detent: .medium).url == "/home?present=search",
                "a location never writes a detent its sheet lacks")
        #expect(Loc(tab: .home, detent: .large).detent == nil)
    }

    @Test func theJSONStateNamesTheDetent() throws {
        let grown = sheet.applying(.setDetent(.large))
        let json = String(decoding: try grown.sortedJSON(), as: UTF8.self)
        #expect(json.contains(#""presentation":{"destination":{"orderSheet":{"orderId":"ORD-001"}},"detent":"large","path":[],"style":"sheet"}"#), "\(json)")
        #expect(try JSONDecoder().decode(State.self, from: Data(json.utf8)) == grown)
        let cover = String(decoding: try State(selectedTab: .home).applying(.present(.photo)).sortedJSON(), as: UTF8.self)
        #expect(!cover.contains("detent"))
    }
}
