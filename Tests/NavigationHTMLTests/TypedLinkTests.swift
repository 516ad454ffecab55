import Navigation
import NavigationHTML
import Testing

/// Rows, toolbar items and accessories built from a navigation action lead where the action
/// leads from the screen's context: inside a presentation as well.
@Suite struct TypedLinkTests {
    @Test func eachLeadsWhereItsActionLeads() {
        let context = ScreenContext(state: NavigationState<Notes>(selectedTab: .notes).applying(.push(.note(id: 1))))
        #expect(ListRow("Note 2", to: .push(.note(id: 2)), in: context).href == "/notes/note/1/note/2")
        #expect(ToolbarItem("Help", to: .present(.help), in: context).href == "/notes/note/1?present=help")
        #expect(BottomAccessory("Now", to: .selectTab(.archive), in: context).href == "/archive")
        let presented = ScreenContext(
            state: NavigationState<Notes>(selectedTab: .notes).applying(.present(.help)), isPresented: true)
        #expect(ListRow("Note 3", to: .push(.note(id: 3)), in: presented).href == "/notes?present=help&presented-path=note/3",
                "inside a presentation a push goes on its own stack")
        #expect(ToolbarItem("Done", to: .dismissScreen, in: presented).href == "/notes")
    }
}
