import Foundation
import Testing
@testable import Navigation

/// A window's own state: two browser tabs of one browser share one cookie, each with its own
/// stacks, scene storage and flow draft, the rest shared.
@Suite struct WindowStateTests {
    typealias Stored = StoredState<TestNavigation>
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    /// Window A with Desserts open on Recipes, a draft and scene storage, on Home.
    static func windowA() -> Stored {
        var state = State(selectedTab: .recipes)
        state.apply(.push(.category("desserts")))
        state.apply(.recordFlow(TestDraft(name: "Ana")))
        state.apply(.setSceneStorage("cooking", "apple-pie"))
        state.apply(.selectTab(.home))
        var stored = Stored(state: state, nonce: "n")
        stored.window = "A"
        return stored
    }

    @Test func aNewWindowStartsAsACopyAndEachKeepsItsOwn() throws {
        var stored = Self.windowA()
        let moved1 = stored.switchWindow(to: "B")
        #expect(moved1)
        #expect(stored.window == "B" && stored.state[.recipes].path.elements == [.category("desserts")], "a copy of A")
        // B goes its own way, and switches a feature flag on, which is the browser's.
        stored.state[.recipes].path = [.category("mains")]
        stored.state.apply(.clearFlow)
        stored.state.apply(.setSceneStorage("cooking", nil))
        stored.state.apply(.selectTab(.orders))
        stored.state.apply(.setFeature("beta", true))
        // Written and read again, as the next request would find it.
        stored = try #require(cookie.read(cookie.write(stored)))
        #expect(stored.window == "B" && stored.otherWindows.map(\.id) == ["A"])

        let moved2 = stored.switchWindow(to: "A")
        #expect(moved2)
        #expect(stored.state[.recipes].path.elements == [.category("desserts")])
        #expect(stored.state.flow == TestDraft(name: "Ana") && stored.state.sceneStorage == ["cooking": "apple-pie"])
        #expect(stored.state.selectedTab == .home)
        #expect(stored.state.features == ["beta"], "feature flags are the browser's")
        #expect(stored.otherWindows.map(\.id) == ["B"])

        let moved3 = stored.switchWindow(to: "B")
        #expect(moved3)
        #expect(stored.state[.recipes].path.elements == [.category("mains")] && stored.state.flow == nil)
        #expect(stored.state.sceneStorage.isEmpty && stored.state.selectedTab == .orders)
        let moved4 = stored.switchWindow(to: "B")
        #expect(!moved4, "the window in use: nothing moves")
    }

    /// A request that names no window (a new tab's first page, an address typed) is served the
    /// window last used as a window of no id: a new window then takes it as its own, a window
    /// met before takes its own part back.
    @Test func aRequestOfNoWindowIsServedTheLastUsedAndTakenOver() throws {
        var stored = Self.windowA()
        let moved5 = stored.switchWindow(to: nil)
        #expect(moved5)
        #expect(stored.window == nil && stored.otherWindows.map(\.id) == ["A"])
        #expect(stored.state[.recipes].path.elements == [.category("desserts")])
        stored.state[.recipes].path = [.category("soups")]   // the new tab's first page

        var adopted = stored
        let moved6 = adopted.switchWindow(to: "B")
        #expect(moved6)
        #expect(adopted.window == "B" && adopted.state[.recipes].path.elements == [.category("soups")])
        #expect(adopted.otherWindows.map(\.id) == ["A"], "nothing kept for a window of no id")

        var returned = stored
        let moved7 = returned.switchWindow(to: "A")
        #expect(moved7)
        #expect(returned.state[.recipes].path.elements == [.category("desserts")])
        #expect(returned.otherWindows.isEmpty)
        let moved8 = stored.switchWindow(to: nil)
        #expect(!moved8)

        // A, whose own page came from that request (Back, a reload), says so: it keeps what the
        // request did, and its part kept before goes.
        var adopting = stored
        let moved9 = adopting.switchWindow(to: "A", adoptingUnnamed: true)
        #expect(moved9)
        #expect(adopting.window == "A" && adopting.state[.recipes].path.elements == [.category("soups")])
        #expect(adopting.otherWindows.isEmpty)
    }

    @Test func theLeastRecentlyUsedWindowsGoPastTheLimit() {
        var stored = Self.windowA()
        for id in ["B", "C", "D", "E", "F", "G"] { _ = stored.switchWindow(to: id) }
        #expect(stored.otherWindows.map(\.id) == ["F", "E", "D", "C"])
        #expect(Stored.maxOtherWindows == 4)
    }

    /// The other windows are another context's once the context or the owner changes.
    @Test func anotherContextForgetsTheOtherWindows() {
        var read = Self.windowA()
        _ = read.switchWindow(to: "B")
        var next = Stored(state: read.state, nonce: "n")
        next.keepWindows(of: read)
        #expect(next.window == "B" && next.otherWindows.map(\.id) == ["A"])
        var switched = read.state
        switched.apply(.switchContext("42"))
        next = Stored(state: switched, nonce: "n")
        next.keepWindows(of: read)
        #expect(next.window == "B" && next.otherWindows.isEmpty)
    }

    /// A full cookie drops the other windows, least recently used first, before any screen of
    /// the window in use.
    @Test func aFullCookieDropsOtherWindowsFirst() throws {
        var stored = Self.windowA()
        for id in ["B", "C", "D"] {
            _ = stored.switchWindow(to: id)
            stored.state[.orders].path = StackState((0..<40).map { .orderDetail(orderId: "\(id)-ORD-\($0)") })
        }
        let small = StateCookie<TestNavigation>(keys: ring(newSecret), maxSize: 2600)
        let (value, isTrimmed) = small.writing(stored)
        let read = try #require(small.read(value))
        #expect(isTrimmed)
        #expect(read.state == stored.state, "the window in use whole")
        #expect(read.otherWindows.map(\.id) == Array(stored.otherWindows.map(\.id).prefix(read.otherWindows.count)))
        #expect(read.otherWindows.count < stored.otherWindows.count)
    }

    @Test func windowIDs() {
        #expect(Stored.isWindowID("0f3a9c_B-1"))
        for bad in ["", String(repeating: "a", count: 33), "a b", "é", "a;b", "a=b"] { #expect(!Stored.isWindowID(bad), "\(bad)") }
    }
}
