import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Testing

// An app whose tabs have icons, one none, and a search tab that reads its text from `term`.

enum MailTab: String, Tab {
    case inbox, archive, lookup
    var title: String { self == .lookup ? "Find" : rawValue.capitalized }
    var systemImage: String? {
        switch self {
        case .inbox: "tray"
        case .archive: nil
        case .lookup: "magnifyingglass"
        }
    }
    var role: TabRole? { self == .lookup ? .search : nil }
    var searchQueryName: String { "term" }
    var preferredCompactColumn: SplitViewColumn {
        switch self {
        case .inbox: .content
        case .archive: .sidebar
        case .lookup: .detail
        }
    }
}
enum Mail: NavigationSchema {
    typealias Route = NoteRoute; typealias Tab = MailTab; typealias Destination = NoteDestination
    static let defaultTab = MailTab.inbox
}
struct MailApp: NavigationApp {
    typealias Schema = Mail
    let name = "Mail"
    func title(for route: NoteRoute) throws -> String { "Message" }
    func root(of tab: MailTab, context: ScreenContext<Mail>) throws -> Screen { .list(tab.title, sections: []) }
    func screen(for route: NoteRoute, context: ScreenContext<Mail>) throws -> Screen { .list("Message", sections: []) }
}

/// The tab bar's icons and the search tab, as the page draws them.
@Suite struct TabBarTests {
    let cookie = StateCookie<Mail>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    func page(_ path: String, query: [String: String] = [:], cookies: [String: String] = [:]) async throws -> String {
        let responder = try NavigationResponder(
            app: MailApp(), cookie: cookie)
        let response = try await responder.respond(to: Request(method: .get, path: path, query: query, cookies: cookies))
        return String(decoding: response.bodyBytes, as: UTF8.self)
    }

    /// The part of the page from `start` up to `end`.
    func region(_ page: String, from start: String, to end: String) -> Substring {
        guard let from = page.range(of: start), let to = page[from.upperBound...].range(of: end) else { return "" }
        return page[from.lowerBound..<to.upperBound]
    }

    @Test func iconsAreDecorationBeforeTheLabelAndATabWithoutOneHasNone() async throws {
        let html = try await page("/inbox")
        #expect(html.contains(#"<a class="tab tab-inbox" href="/inbox" aria-current="page"><span class="symbol symbol-tray" aria-hidden="true"></span><span class="tab-label">Inbox</span></a>"#))
        #expect(html.contains(#"<a class="tab tab-archive" href="/archive"><span class="tab-label">Archive</span></a>"#))
    }

    @Test func aPhonesTabBarOpensASplitTabOnItsPreferredCompactColumn() async throws {
        var state = NavigationState<Mail>()
        state.apply(.push(.note(id: 1)))
        state.apply(.push(.note(id: 2)))
        state.apply(.selectTab(.archive))
        state.apply(.push(.note(id: 3)))
        state.apply(.selectTab(.lookup))
        state.apply(.push(.note(id: 4)))
        let html = try await page(state.url, cookies: ["nav": cookie.encode(state)])
        func links(_ tab: String) -> [String] {
            html.matches(of: try! Regex(#"<a class="tab tab-\#(tab)" href="([^"]*)"[^>]*>"#)).map { String(html[$0.range]) }
        }
        #expect(links("inbox") == [
            #"<a class="tab tab-inbox" href="/inbox/note/1/note/2" data-layout="wide">"#,
            #"<a class="tab tab-inbox" href="/inbox/note/1" data-layout="compact">"#,
        ], "the content column: the sidebar's selection")
        #expect(links("archive") == [
            #"<a class="tab tab-archive" href="/archive/note/3" data-layout="wide">"#,
            #"<a class="tab tab-archive" href="/archive" data-layout="compact">"#,
        ], "the sidebar: the root")
        #expect(links("lookup") == [#"<a class="tab tab-lookup" href="/lookup" aria-current="page">"#])

        state.apply(.selectTab(.archive))
        let archive = try await page(state.url, cookies: ["nav": cookie.encode(state)])
        #expect(archive.ranges(of: #"class="tab tab-archive""#).count == 1, "selected: its root at every width")
        state.apply(.popToRoot)
        state.apply(.selectTab(.inbox))
        state.apply(.pop)
        let inbox = try await page(state.url, cookies: ["nav": cookie.encode(state)])
        #expect(inbox.ranges(of: #"class="tab tab-archive""#).count == 1, "at its root: one link")
        #expect(!inbox.contains("data-layout"), "a stack no deeper than its column: one link")

        // The columns chosen and the selection stay with the tab's compact link, as with its wide one.
        state.apply(.select([.note(id: 6)]))
        state.apply(.push(.note(id: 1)))
        state.apply(.push(.note(id: 5)))
        state.apply(.setColumns(.all))
        state.apply(.selectTab(.lookup))
        let lookup = try await page(state.url, cookies: ["nav": cookie.encode(state)])
        let inboxLinks = lookup.matches(of: try Regex(#"<a class="tab tab-inbox" href="([^"]*)"[^>]*>"#)).map { String(lookup[$0.range]) }
        #expect(inboxLinks == [
            #"<a class="tab tab-inbox" href="/inbox/note/1/note/5?select=note/6&amp;columns=all" data-layout="wide">"#,
            #"<a class="tab tab-inbox" href="/inbox/note/1?select=note/6&amp;columns=all" data-layout="compact">"#,
        ], "\(inboxLinks)")
    }

    @Test func theSearchTabSitsApartAfterTheOthersWhateverTheOrder() async throws {
        var state = NavigationState<Mail>()
        state.apply(.moveTab(.lookup, by: -2))
        #expect(state.visibleTabs.first == .lookup)
        let html = try await page("/inbox", cookies: ["nav": cookie.encode(state)])
        let list = region(html, from: #"<div class="tab-list">"#, to: "</nav>")
        let link = #"<a class="tab tab-lookup" href="/lookup"><span class="symbol symbol-magnifyingglass" aria-hidden="true"></span><span class="tab-label">Find</span></a>"#
        #expect(list.contains(link))
        // After the list of the others (closed at its own indentation), not in it.
        let others = region(html, from: #"<div class="tab-list">"#, to: "\n    </div>\n")
        #expect(others.contains("tab-inbox") && others.contains("tab-archive") && !others.contains("tab-lookup"))
        #expect(html.ranges(of: "tab-lookup").count == 1)
        #expect(list.hasSuffix(link + "\n  </nav>"))
    }

    @Test func theSidebarFieldSubmitsToTheSearchTabsRootUnderItsQueryName() async throws {
        let html = try await page("/inbox", query: ["term": "kept only on the search tab"])
        let form = region(html, from: "<form class=\"sidebar-search", to: "</form>")
        #expect(form.contains(#"method="get" action="/lookup" role="search" aria-label="Find""#))
        #expect(form.contains(#"<span class="visually-hidden">Find</span><input type="search" name="term" value="" placeholder="Find" enterkeyhint="search">"#))
        #expect(form.contains("symbol-magnifyingglass"))

        let results = try await page("/lookup", query: ["term": #"<b>"tea"</b>"#])
        #expect(results.contains(#"<form class="sidebar-search selected""#))
        #expect(results.contains(#"name="term" value="&lt;b&gt;&quot;tea&quot;&lt;/b&gt;""#))
        #expect(!results.contains("<b>"))
    }

    @Test func anAppWithoutIconsOrASearchTabGetsNeither() async throws {
        let responder = try NavigationResponder(
            app: NotesApp(), cookie: StateCookie<Notes>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!))
        let response = try await responder.respond(to: Request(method: .get, path: "/notes"))
        let html = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(NoteTab.notes.systemImage == nil && NoteTab.notes.searchQueryName == "q")
        #expect(!html.contains("symbol") && !html.contains("sidebar-search") && !html.contains("<form"))
        #expect(html.contains(#"<a class="tab tab-notes" href="/notes" aria-current="page"><span class="tab-label">Notes</span></a>"#))
    }
}
