import Foundation
import Testing
@testable import Navigation

/// Tab customization and feature flags: pure state, kept in the cookie and shown in the JSON.
@Suite("Tab customization")
struct TabCustomizationTests {
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    @Test func reorderHideAndReset() {
        var state = State(selectedTab: .home)
        state.apply(.moveTab(.profile, by: -3))
        #expect(state.visibleTabs == [.profile, .home, .recipes, .orders])
        state.apply(.moveTab(.profile, by: 10))
        #expect(state.visibleTabs == [.home, .recipes, .orders, .profile], "moves stay within bounds")
        state.apply(.setTabHidden(.orders, true))
        #expect(state.visibleTabs == [.home, .recipes, .profile])
        #expect(!state.isVisible(.orders))
        state.apply(.resetTabs)
        #expect(state.customization.isDefault)
        #expect(state.visibleTabs == Array(TestTab.allCases))
    }

    @Test func hidingTheSelectedTabSelectsAVisibleOneAndKeepsItsStack() {
        var state = State(selectedTab: .orders).applying(.push(.orderHistory))
        state.apply(.setTabHidden(.orders, true))
        #expect(state.selectedTab == .home)
        #expect(state[.orders].path.elements == [.orderHistory])
        state.apply(.setTabHidden(.orders, false))
        #expect(state.applying(.selectTab(.orders)).path.elements == [.orderHistory], "its stack came back with it")
    }

    @Test func customizationAndFeaturesSurviveTheCookieAndJSON() throws {
        var state = State(selectedTab: .recipes)
        state.apply(.moveTab(.orders, by: -2))
        state.apply(.setTabHidden(.profile, true))
        state.apply(.setFeature("beta", true))
        let restored = try #require(cookie.decode(cookie.encode(state)))
        #expect(restored.customization == state.customization)
        #expect(restored.features == ["beta"])
        let json = try JSONEncoder().encode(state)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(object?["tabOrder"] as? [String] == ["orders", "home", "recipes", "profile"])
        #expect(object?["hiddenTabs"] as? [String] == ["profile"])
        #expect(object?["features"] as? [String] == ["beta"])
        #expect(try JSONDecoder().decode(State.self, from: json) == state)
        state.apply(.setFeature("beta", false))
        #expect(state.features.isEmpty)
    }
}

/// Changing the app context resets every stack but keeps the user's arrangement.
@Suite("Context change")
struct ContextChangeTests {
    @Test func switchingContextResetsStacksOnly() throws {
        var state = State(selectedTab: .home).applying(.push(.settings))
        state.apply(.selectTab(.recipes))
        state.apply(.push(.category("desserts")))
        state.apply(.setColumns(.all))
        state.apply(.setTabHidden(.orders, true))
        state.apply(.setFeature("beta", true))
        state.apply(.present(.search))
        let switched = state.applying(.switchContext("42"))
        #expect(switched.context == "42")
        #expect(TestTab.allCases.allSatisfy { switched[$0].path.isEmpty })
        #expect(switched.presentation == nil)
        #expect(switched[.recipes].columns == .all)
        #expect(switched.customization == state.customization && switched.features == state.features)
        #expect(switched.selectedTab == .recipes)
        let again = switched.applying(.push(.settings)).applying(.switchContext("42"))
        #expect(again.path.elements == [.settings], "the same context changes nothing")
        let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))
        #expect(try #require(cookie.decode(cookie.encode(switched))).context == "42")
    }
}

/// A multi-step flow's draft: the app's own type, changed step by step, kept in the cookie,
/// cleared at the end.
@Suite("Flow draft")
struct FlowDraftTests {
    let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))

    @Test func recordsSurvivesTheCookieAndClears() throws {
        var state = State(selectedTab: .home)
        #expect(state.flow == nil)
        state.apply(.recordFlow(TestDraft(name: "Ana", email: "a@example.com")))
        var draft = try #require(state.flow)
        (draft.theme, draft.step) = ("dark", 3)
        state.apply(.recordFlow(draft))
        #expect(state.flow == TestDraft(name: "Ana", email: "a@example.com", theme: "dark", step: 3))
        let value = cookie.write(StoredState(state: state, nonce: "n"))
        let read = try #require(cookie.read(value))
        #expect(read.state.flow == state.flow && !read.leftOutDraft)
        // The JSON state shows the draft in its own Codable form.
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any]
        #expect((json?["flow"] as? [String: Any])?["theme"] as? String == "dark")
        state.apply(.clearFlow)
        #expect(state.flow == nil)
        #expect(try #require(cookie.read(cookie.write(StoredState(state: state, nonce: "n")))).state.flow == nil)
    }

    /// A draft the app's type no longer decodes (written before the type changed, or before drafts
    /// were typed) is left out and said so; the rest of the state stands.
    @Test func aDraftThatNoLongerDecodesIsLeftOutAndTold() throws {
        var state = State(selectedTab: .orders)
        state.apply(.push(.orderHistory))
        for w in [#""{\"step\":\"two\"}""#, #"{"name":"Ana","step":"2"}"#] {
            let json = #"{"n":"n","s":{"orders":["orders"]},"t":"orders","w":"# + w + "}"
            let read = try #require(StoredState<TestNavigation>(cookieJSON: Array(json.utf8)), "\(w)")
            #expect(read.state.flow == nil && read.leftOutDraft, "\(w)")
            #expect(read.state.path == state.path && read.state.selectedTab == .orders, "\(w)")
        }
        let good = #"{"n":"n","s":{},"t":"home","w":"{\"name\":\"Ana\",\"step\":1}"}"#
        let read = try #require(StoredState<TestNavigation>(cookieJSON: Array(good.utf8)))
        #expect(read.state.flow == TestDraft(name: "Ana") && !read.leftOutDraft)
    }
}

/// Scene storage: kept and removed by key, in the cookie and the JSON state, and left behind
/// with the context it belonged to.
@Suite("Scene storage")
struct SceneStorageTests {
    @Test func keepsValuesAcrossTheCookieUntilRemovedOrTheContextChanges() throws {
        var state = State(selectedTab: .home)
        state.apply(.setSceneStorage("playing", "track-1"))
        state.apply(.setSceneStorage("volume", "7"))
        state.apply(.setSceneStorage("playing", "track-2"))
        #expect(state.sceneStorage == ["playing": "track-2", "volume": "7"])
        let cookie = StateCookie<TestNavigation>(keys: ring(newSecret))
        #expect(try #require(cookie.decode(cookie.encode(state))).sceneStorage == state.sceneStorage)
        let json = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(State.self, from: json).sceneStorage == state.sceneStorage)
        state.apply(.setSceneStorage("volume", nil))
        #expect(state.sceneStorage == ["playing": "track-2"])
        state.apply(.clearHistory)
        #expect(state.sceneStorage == ["playing": "track-2"], "not navigation history")
        state.apply(.switchContext("42"))
        #expect(state.sceneStorage.isEmpty, "another account's scene starts empty")
    }
}

/// `isAppDefault` answers as `== .appDefault` does, for an app with a tab hidden by default too.
@Suite("The app's own arrangement")
struct AppDefaultArrangementTests {
    enum ShelfTab: String, Navigation.Tab {
        case home, saved, more
        var title: String { rawValue }
        var isHiddenByDefault: Bool { self == .saved }
    }

    @Test func isAppDefaultIsEqualityWithTheAppDefault() {
        func customizations<T: Navigation.Tab>(_: T.Type) -> [TabCustomization<T>] {
            let all = Array(T.allCases)
            var result: [TabCustomization<T>] = [.appDefault, TabCustomization()]
            for order in [[], all, all.reversed(), [all[1]], all + all] {
                for hidden in [Set<T>(), [all[0]], [all[1]], Set(all), TabCustomization<T>.appDefault.hidden] {
                    result.append(TabCustomization(order: order, hidden: hidden))
                }
            }
            return result
        }
        for customization in customizations(ShelfTab.self) {
            #expect(customization.isAppDefault == (customization == .appDefault), "\(customization.order) \(customization.hidden)")
        }
        for customization in customizations(TestTab.self) {
            #expect(customization.isAppDefault == (customization == .appDefault), "\(customization.order) \(customization.hidden)")
        }
        #expect(TabCustomization<ShelfTab>(order: [.home, .saved, .more], hidden: [.saved]).isAppDefault)
        #expect(!TabCustomization<ShelfTab>().isAppDefault, "showing the tab hidden by default is the user's own")
    }
}
