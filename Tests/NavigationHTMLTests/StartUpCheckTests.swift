import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// A route the path cannot express stops the app when its responder is made, not at a request.
@Suite struct StartUpCheckTests {
    enum TaggedRoute: Route { case note(id: Int), tagged([String]) }
    enum Tagged: NavigationSchema {
        typealias Route = TaggedRoute; typealias Tab = NoteTab; typealias Destination = NoteDestination
        static let defaultTab = NoteTab.notes
    }
    struct TaggedApp: NavigationApp {
        typealias Schema = Tagged
        let name = "Tagged"
        func title(for route: TaggedRoute) -> String { "Note" }
        func root(of tab: NoteTab, context: ScreenContext<Tagged>) -> Screen { .list(tab.title, sections: []) }
        func screen(for route: TaggedRoute, context: ScreenContext<Tagged>) -> Screen { .list("Note", sections: []) }
    }

    @Test func aRouteThePathCannotExpressStopsTheResponderBeingMade() throws {
        let cookie = StateCookie<Tagged>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)
        let error = #expect(throws: PathMappingError.self) {
            try NavigationResponder(app: TaggedApp(), cookie: cookie)
        }
        #expect(error?.field == "tagged._0", "\(String(describing: error))")
        #expect(error?.description.contains("a list (an array or a set) cannot be") == true)
    }
}
