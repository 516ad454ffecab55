import Testing
@testable import Navigation

/// Tabs whose `allCases` does not list them in the order they are declared.
enum ReorderedTab: String, Tab {
    case first, second, third
    static var allCases: [ReorderedTab] { [.third, .first, .second] }
    var title: String { rawValue }
}

enum ReorderedNavigation: NavigationSchema {
    typealias Route = TestRoute
    typealias Tab = ReorderedTab
    typealias Destination = TestDestination
    static let defaultTab = ReorderedTab.first
}

/// A tab's state is kept at the tab's position in `allCases`, which is found from the case's byte
/// only when that byte is its position.
@Suite struct TabPositionTests {
    @Test func positionsFollowAllCasesWhateverTheDeclarationOrder() {
        for (index, tab) in ReorderedTab.allCases.enumerated() {
            #expect(NavigationState<ReorderedNavigation>.position(of: tab) == index, "\(tab)")
        }
        for (index, tab) in TestTab.allCases.enumerated() {
            #expect(NavigationState<TestNavigation>.position(of: tab) == index, "\(tab)")
        }
    }

    @Test func eachTabKeepsItsOwnState() {
        var state = NavigationState<ReorderedNavigation>()
        for (index, tab) in ReorderedTab.allCases.enumerated() {
            state[tab].path = StackState((0...index).map { .userDetail(userId: $0) })
        }
        for (index, tab) in ReorderedTab.allCases.enumerated() {
            #expect(state[tab].path.elements == (0...index).map { .userDetail(userId: $0) }, "\(tab)")
        }
    }
}
