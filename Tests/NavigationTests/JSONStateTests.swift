import Foundation
import Testing
@testable import Navigation

@Suite("JSON state shape")
struct JSONStateTests {
    static var ordersState: State {
        var state = State(selectedTab: .home)
        state.apply(.push(.orderDetail(orderId: "ORD-001")))
        return state
    }

    func object(_ state: State) throws -> [String: Any] {
        let data = try JSONEncoder().encode(state)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `value` serialized with sorted keys, for exact comparisons.
    func canonical(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func selectedTabIsAString() throws {
        let json = try object(Self.ordersState.applying(.selectTab(.recipes)))
        #expect(json["selectedTab"] as? String == "recipes")
        #expect(Set(json.keys).isSuperset(of: ["selectedTab", "tabs", "presentation"]))
    }

    @Test func pathElementsUseSynthesizedCodable() throws {
        let json = try object(Self.ordersState)
        let tabs = try #require(json["tabs"] as? [String: Any])
        let home = try #require(tabs["home"] as? [String: Any])
        let path = try #require(home["path"] as? [Any])
        #expect(path.count == 1)
        let element = try #require(path.first)
        #expect(try canonical(element) == #"{"orderDetail":{"orderId":"ORD-001"}}"#)
    }

    @Test func everyRouteCaseHasItsSynthesizedForm() throws {
        var state = State(selectedTab: .orders)
        state.apply(.replace(TestRoute.all("x", number: 7)))
        let json = try object(state)
        let path = try #require((json["tabs"] as? [String: Any])?["orders"] as? [String: Any])["path"]
        #expect(try canonical(try #require(path)) == """
            [{"userDetail":{"userId":7}},{"settings":{}},{"orderHistory":{}},{"orderDetail":{"orderId":"x"}},\
            {"category":{"_0":"x"}},{"recipe":{"_0":"x"}}]
            """)
    }

    @Test func everyTabIsListedWithAPath() throws {
        let json = try object(Self.ordersState)
        let tabs = try #require(json["tabs"] as? [String: Any])
        #expect(Set(tabs.keys) == Set(TestTab.allCases.map(\.rawValue)))
        for tab in TestTab.allCases {
            let path = (tabs[tab.rawValue] as? [String: Any])?["path"] as? [Any]
            #expect(path != nil, "tabs.\(tab.rawValue).path is an array")
            if tab != .home { #expect(path?.isEmpty == true) }
        }
    }

    @Test func noPresentationIsNull() throws {
        let json = try object(Self.ordersState)
        #expect(json.keys.contains("presentation"))
        #expect(json["presentation"] is NSNull)
    }

    @Test func presentationHasStyleAndDestination() throws {
        let json = try object(Self.ordersState.applying(.present(.search)))
        #expect(try canonical(try #require(json["presentation"])) == #"{"destination":{"search":{}},"detent":"large","path":[],"style":"sheet"}"#)
    }

    static let styles: [(TestDestination, String)] = [
        (.search, "sheet"), (.orderSheet(orderId: "ORD-001"), "sheet"),
        (.deleteConfirmation(orderId: "ORD-001"), "confirmationDialog"), (.photo, "fullScreenCover"),
    ]

    @Test(arguments: styles)
    func presentationStyleNames(destination: TestDestination, style: String) throws {
        let json = try object(State(presentation: destination))
        let presentation = try #require(json["presentation"] as? [String: Any])
        #expect(presentation["style"] as? String == style)
        #expect(presentation["destination"] is [String: Any])
    }

    static let roundTripStates: [State] = {
        var split = State(selectedTab: .recipes)
        split.apply(.select([.category("desserts")]))
        split.apply(.push(.recipe("apple pie 🍎")))
        split.apply(.present(.photo))
        var everywhere = deepState(depth: 5, tabs: TestTab.allCases, selected: .profile)
        everywhere.apply(.present(.deleteConfirmation(orderId: "a&b")))
        return [State(), ordersState, ordersState.applying(.present(.orderSheet(orderId: "ORD-001"))), split, everywhere]
    }()

    @Test(arguments: roundTripStates)
    func decodingRoundTrips(state: State) throws {
        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(State.self, from: data)
        #expect(decoded == state)
        #expect(decoded.url == state.url)
        #expect(decoded.visitedTabs == state.visitedTabs)
    }

    @Test func decodingIgnoresUnknownTabsAndToleratesMissingFields() throws {
        let json = #"{"selectedTab":"orders","tabs":{"nope":{"path":[]},"orders":{"path":[{"orderHistory":{}}]}}}"#
        let state = try JSONDecoder().decode(State.self, from: Data(json.utf8))
        #expect(state.selectedTab == .orders)
        #expect(state.path.elements == [.orderHistory])
        #expect(state.presentation == nil)
    }

    @Test(arguments: [
        #"{"selectedTab":"nope"}"#,
        #"{"tabs":{}}"#,
        #"{"selectedTab":"home","tabs":{"home":{"path":[{"teleport":{}}]}}}"#,
        #"{"selectedTab":"home","presentation":{"style":"sheet","destination":{"nope":{}}}}"#,
    ])
    func decodingRejectsInvalidStates(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(State.self, from: Data(json.utf8))
        }
    }
}
