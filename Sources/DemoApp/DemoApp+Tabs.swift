import MicroHTTP
import Navigation
import NavigationHTML

extension DemoApp {
    /// The tab customization screen: each tab with Move Up, Move Down and Hide or Show.
    func customizeTabsScreen(_ context: ScreenContext<DemoNavigation>) throws -> Screen {
        let state = context.state
        let rows = state.customization.arranged.map { tab in
            let hidden = state.customization.hidden.contains(tab)
            // The search tab keeps its own place at the end, as on iOS: it has nothing to move.
            var buttons: [AlertButton] = tab.role == .search ? [] : [
                .submit("Move Up", action: "moveTab", fields: ["tab": tab.rawValue, "by": "-1"]),
                .submit("Move Down", action: "moveTab", fields: ["tab": tab.rawValue, "by": "1"]),
            ]
            if tab.canBeHidden {
                buttons.append(.submit(hidden ? "Show" : "Hide", role: hidden ? nil : .destructive, action: "hideTab",
                                       fields: ["tab": tab.rawValue, "hidden": hidden ? "0" : "1"]))
            }
            let status = !tab.canBeHidden ? "Always shown" : hidden ? "Hidden"
                : DemoNavigation.isHidden(tab, in: state) ? "Off in Labs" : "Shown"
            return ListRow(tab.title, subtitle: tab.section, value: status, buttons: buttons, context: context)
        }
        return .list("Customize Tabs", sections: [
            ListSection(footer: "Home and Profile cannot be hidden.", rows: rows),
            ListSection(rows: [ListRow("Restore Defaults", buttons: [.submit("Reset", action: "resetTabs")], context: context)]),
        ])
    }

    /// The forms of the Settings and Customize Tabs screens: they change navigation state only.
    func submitSettings(
        _ submission: Submission, on screen: DemoRoute?
    ) async throws -> SubmissionOutcome<DemoNavigation>? {
        switch (screen, submission.action) {
        case (nil, "switchAccount"):
            guard let id = Int(submission["user"]), try await store.user(id: id) != nil else {
                throw HTTPError(.unprocessableContent, "There is no such account.")
            }
            return .navigate([.switchContext(String(id)), .selectTab(.profile)])
        case (nil, "signOut"):
            return .navigate([.switchContext(DemoApp.signedOut), .selectTab(.profile)])
        case (.settings?, "clearHistory"):
            return .navigateWithNotice([.clearHistory], notice: "Navigation history cleared: every tab starts at its first screen.")
        case (.settings?, "setBeta"):
            return .navigate([.setFeature(DemoNavigation.betaFeature, submission["on"] == "1")])
        case (.customizeTabs?, "moveTab"):
            guard let tab = DemoTab(rawValue: submission["tab"]), let offset = Int(submission["by"]), abs(offset) == 1 else {
                throw HTTPError(.badRequest, "Name a tab and move it by 1 or -1.")
            }
            return .navigate([.moveTab(tab, by: offset)])
        case (.customizeTabs?, "hideTab"):
            guard let tab = DemoTab(rawValue: submission["tab"]) else { throw HTTPError(.badRequest, "Name a tab.") }
            guard tab.canBeHidden else { throw HTTPError(.unprocessableContent, "The \(tab.title) tab cannot be hidden.") }
            return .navigate([.setTabHidden(tab, submission["hidden"] == "1")])
        case (.customizeTabs?, "resetTabs"):
            return .navigate([.resetTabs])
        default:
            return nil
        }
    }
}
