import Testing
@testable import Navigation

/// How a page says it moved, for its view transition: pure, from two locations.
@Suite struct NavigationMovementTests {
    static let orders: [TestRoute] = [.orderHistory, .orderDetail(orderId: "ORD-001")]

    static let cases: [(Loc?, Loc, NavigationMovement)] = [
        (nil, Loc(tab: .home), .none),
        (Loc(tab: .home), Loc(tab: .home, path: [.orderHistory]), .push),
        (Loc(tab: .home, path: [.orderHistory]), Loc(tab: .home, path: orders), .push),
        (Loc(tab: .home), Loc(tab: .home, path: orders), .push),
        (Loc(tab: .home, path: orders), Loc(tab: .home, path: [.orderHistory]), .pop),
        (Loc(tab: .home, path: orders), Loc(tab: .home), .pop),
        (Loc(tab: .home, path: [.settings]), Loc(tab: .home, path: [.orderHistory]), .replace),
        (Loc(tab: .home, path: orders), Loc(tab: .recipes), .tab),
        (Loc(tab: .home, path: orders), Loc(tab: .recipes, path: orders), .tab),
        (Loc(tab: .home, path: orders), Loc(tab: .home, path: orders), .none),
        (Loc(tab: .recipes, selection: [.category("a")]), Loc(tab: .recipes, selection: [.category("b")]), .replace),
        (Loc(tab: .recipes), Loc(tab: .recipes, columns: .detailOnly), .replace),
        (Loc(tab: .home, path: orders), Loc(tab: .home, path: orders, presentation: .search), .present),
        // A deep link that presents over another stack: the sheet rising is what shows.
        (Loc(tab: .home), Loc(tab: .home, path: orders, presentation: .search), .present),
        (Loc(tab: .home, presentation: .search), Loc(tab: .home), .dismiss),
        (Loc(tab: .home, path: orders, presentation: .photo), Loc(tab: .home, path: [.orderHistory]), .dismiss),
        (Loc(tab: .home, presentation: .search), Loc(tab: .home, presentation: .photo), .replace),
        (Loc(tab: .home, presentation: .search), Loc(tab: .home, presentation: .search, presentationPath: [.settings]),
         .pushPresented),
        (Loc(tab: .home, presentation: .search, presentationPath: [.settings]), Loc(tab: .home, presentation: .search),
         .popPresented),
        (Loc(tab: .home, presentation: .search), Loc(tab: .home, presentation: .search), .none),
        (Loc(tab: .home, presentation: .search), Loc(tab: .recipes, presentation: .search), .tab),
    ]

    @Test(arguments: cases.indices)
    func movement(index: Int) {
        let (previous, next, expected) = Self.cases[index]
        #expect(Loc.movement(from: previous, to: next) == expected, "\(String(describing: previous)) → \(next)")
    }

    /// The raw values are what the stylesheet selects on (`html[data-transition="…"]`).
    @Test func rawValuesAreTheStylesheetsNames() {
        #expect(NavigationMovement.allCases.map(\.rawValue) == [
            "push", "pop", "push-presented", "pop-presented", "present", "dismiss", "tab", "replace", "none",
        ])
    }
}
