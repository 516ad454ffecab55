import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// Toolbars in every placement: the notes tab's root has items in each, its notes have one of
/// their own, and the sheet it presents is a form (`helpIsForm`) or a screen with Done. With `split`,
/// the notes tab is a split view whose sidebar has a button too.
struct ToolbarApp: NavigationApp {
    typealias Schema = EditableNotes
    let name = "Notes"
    var helpIsForm = false
    var split = false

    func title(for route: NoteRoute) throws -> String { "Note" }
    func root(of tab: NoteTab, context: ScreenContext<EditableNotes>) throws -> Screen {
        let link = { (title: String) in context.href(.push(.note(id: title.count))) }
        let row = ListRow("Pie", href: link("Pie")).matchedTransitionSource(id: "_")
        return .list(tab.title, sections: [ListSection(rows: [row])]).toolbar([
            ToolbarItem("Trash", placement: .destructiveAction, href: link("Trash")),
            ToolbarItem("Folders", placement: .navigation, href: link("Folders")),
            ToolbarItem("Add", systemImage: "plus", href: link("Add")),
            ToolbarItem("Filter", placement: .principal, href: link("Filter")),
            ToolbarItem("Help", placement: .primaryAction, href: context.href(.present(.edit(id: 1))))
                .matchedTransitionSource(id: "help"),
            ToolbarItem("Edit", placement: .topBarLeading, href: link("Edit")),
            ToolbarItem("Updated just now", placement: .bottomBar, href: link("Updated")),
        ])
    }
    func screen(for route: NoteRoute, context: ScreenContext<EditableNotes>) throws -> Screen {
        if case .note(let id) = route, id == 9 {
            return .list("Note", sections: []).toolbar([ToolbarItem("Archive", systemImage: "archivebox", posting: "archive")])
        }
        return .list("Note", sections: []).toolbar([ToolbarItem("Share", href: context.href(.popToRoot))])
            .navigationTransition(.zoom(sourceID: "note 3_"))
            .navigationBarTitleDisplayMode(.inline)
    }
    func screen(for destination: NoteDestination2, context: ScreenContext<EditableNotes>) throws -> Screen {
        if helpIsForm {
            return .form("Ask", action: "ask", fields: [
                FormField("Question", name: "question", value: "", isRequired: true),
                FormField("Details", name: "details", value: ""),
            ], cancelHref: context.href(.dismiss), context: context)
        }
        return .list("Help", sections: [])
            .toolbar([ToolbarItem("Done", placement: .confirmationAction, href: context.href(.dismiss))])
            .navigationTransition(.zoom(sourceID: "help"))
    }
    func splitColumns(for tab: NoteTab, context: ScreenContext<EditableNotes>) throws -> SplitColumns? {
        guard split, tab == .notes else { return nil }
        let sidebar = Screen.list("Folders", sections: [])
            .toolbar([ToolbarItem("New Folder", placement: .primaryAction, href: context.href(.present(.edit(id: 1))))])
        return SplitColumns([sidebar], selectionDepth: 0, placeholder: "Select a Note")
    }
}

@Suite struct ToolbarTests {
    func page(_ path: String, _ query: [String: String] = [:], _ app: ToolbarApp = ToolbarApp()) async throws -> String {
        try await NavigationHTMLTests.page(of: app, at: path, query: query)
    }

    /// The texts or accessible names of the toolbar items in the first `<div class="toolbar-group
    /// <group>">` after `marker`, in order.
    func items(_ group: String, after marker: String, in html: String) throws -> [String] {
        let start = try #require(html.firstRange(of: marker)).upperBound
        let rest = html[start...]
        let open = try #require(rest.firstRange(of: #"<div class="toolbar-group \#(group)">"#))
        let inner = rest[open.upperBound...].prefix { $0 != "\n" }
        return inner.matches(of: #/<(?:a|button) [^>]*class="toolbar-item[^"]*"[^>]*>([^<]*)/#).map { match in
            let tag = inner[match.range]
            return tag.firstMatch(of: #/aria-label="([^"]*)"/#).map { String($0.output.1) } ?? String(match.output.1)
        }
    }

    @Test func eachPlacementHasItsPartOfTheBarInTheScreensOrder() async throws {
        let html = try await page("/notes")
        let bar = #"<header class="navbar">"#
        #expect(try items("leading", after: bar, in: html) == ["Folders", "Edit"])
        #expect(try items("principal", after: bar, in: html) == ["Filter"])
        #expect(try items("trailing", after: bar, in: html) == ["Trash", "Add", "Help"])
        #expect(html.contains(#"<div class="bottom-bar"><a class="toolbar-item" href="/notes/note/7">Updated just now</a></div>"#))
        #expect(html.contains(#"<a class="toolbar-item destructive" href="/notes/note/5">Trash</a>"#))
        #expect(!html.contains(#"class="navbar-title""#), "the principal item stands where the inline title would")
        #expect(html.contains(#"<h1 id="screen-title">Notes</h1>"#), "the heading stays")
    }

    @Test func aButtonThatPostsSubmitsThePagesOneActionsForm() async throws {
        let plain = try await page("/notes/note/3")
        #expect(!plain.contains("screen-actions"), "no form where nothing posts")
        let html = try await page("/notes/note/9")
        #expect(html.contains(#"<button type="submit" form="screen-actions" name="_action" value="archive" class="toolbar-item" aria-label="Archive" title="Archive"><span class="symbol symbol-archivebox" aria-hidden="true"></span></button>"#))
        let form = try #require(html.firstMatch(of: #/<form id="screen-actions" method="post" action="([^"]*)"><input type="hidden" name="_token" value="([^"]+)"></form>/#))
        #expect(form.output.1 == "/notes/note/9")
        #expect(html.ranges(of: "id=\"screen-actions\"").count == 1)
    }

    @Test func aPushedScreenDrawsItsOwnItemsAfterTheBackButton() async throws {
        let html = try await page("/notes/note/3")
        #expect(html.contains(#"<div class="toolbar-group leading"><a class="back" href="/notes" rel="prev"><span aria-hidden="true">‹</span> Notes</a></div>"#))
        #expect(try items("trailing", after: #"<header class="navbar">"#, in: html) == ["Share"])
        #expect(html.contains(#"<span class="navbar-title" aria-hidden="true">Note</span>"#))
        #expect(!html.contains("bottom-bar"))
    }

    /// A presented screen draws its own bar; its Done is the way out, so no Close is added.
    @Test func aPresentedScreenDrawsItsBarAndItsDoneReplacesClose() async throws {
        let html = try await page("/notes", ["present": "edit/1"])
        let bar = #"<div class="presentation-bar">"#
        #expect(try items("trailing", after: bar, in: html) == ["Done"])
        #expect(html.contains(#"<a class="toolbar-item confirm" href="/notes">Done</a>"#))
        #expect(!html.contains(#"class="close""#))
        #expect(try items("trailing", after: #"<header class="navbar">"#, in: html) == ["Trash", "Add", "Help"],
                "the page behind keeps its own")
    }

    /// A `Screen.form`'s Cancel and Save sit in its bar; Save is the form's submit button, and
    /// says what it says while its post is on its way.
    @Test func aFormsCancelAndSaveSitInItsBarAndSaveSubmitsTheForm() async throws {
        let html = try await page("/notes", ["present": "edit/1"], ToolbarApp(helpIsForm: true))
        let bar = #"<div class="presentation-bar">"#
        #expect(try items("leading", after: bar, in: html) == ["Cancel"])
        #expect(try items("trailing", after: bar, in: html) == ["Save"])
        #expect(html.contains(#"<button type="submit" form="form-ask" class="toolbar-item confirm" data-pending-title="Saving…">Save</button>"#))
        // A required field says so, for the script to hold Save back while it is empty.
        #expect(html.contains(#"name="question" value="" maxlength="100" inputmode="text" aria-required="true""#))
        #expect(html.contains(#"name="details" value="" maxlength="100" inputmode="text">"#))
        #expect(html.contains(#"<form class="form" id="form-ask" method="post""#))
        #expect(!html.contains(#"class="close""#) && !html.contains("form-actions"))
    }

    /// In a split view each column draws its own bar, and the detail column the visible
    /// screen's (a wide window hides the navigation bar).
    @Test func aSplitViewsColumnsDrawTheirOwnBars() async throws {
        let app = ToolbarApp(split: true)
        let root = try await page("/notes", [:], app)
        let column = #"<section class="column">"#
        #expect(try items("trailing", after: column, in: root) == ["New Folder"])
        let detail = try await page("/notes/note/3", [:], app)
        #expect(try items("trailing", after: #"<section class="column detail""#, in: detail) == ["Share"])
        #expect(try items("trailing", after: column, in: detail) == ["New Folder"])
    }

    /// A zoom's source and destination carry one name, which any identifier makes a valid CSS
    /// name of, and no two the same one.
    @Test func aZoomsSourceAndScreenCarryTheSameName() async throws {
        let root = try await page("/notes")
        #expect(root.contains(#"<div class="stack">"#), "a root's title is large")
        #expect(root.contains(#"<a class="toolbar-item" data-zoom-source="zoom-help" href="/notes?present=edit/1">Help</a>"#))
        #expect(!root.contains("data-zoom="), "the root screen does not zoom")
        let sheet = try await page("/notes", ["present": "edit/1"])
        #expect(sheet.contains(#"aria-modal="true" aria-labelledby="presentation-title" tabindex="-1" data-zoom="zoom-help">"#))
        let note = try await page("/notes/note/3")
        #expect(note.contains(#"<div class="stack" data-zoom="zoom-note_203_5F" data-title="inline">"#),
                "and its title is in the bar from the start")
        let split = try await page("/notes/note/3", [:], ToolbarApp(split: true))
        #expect(split.contains(#"<section class="column detail" aria-labelledby="detail-title" data-zoom="zoom-note_203_5F">"#))
        #expect(split.contains(#"<div class="stack has-split columns-automatic" data-zoom="zoom-note_203_5F" data-title="inline">"#),
                "the stylesheet names the one a window's width shows")
        #expect(root.contains(#"<li class="row" data-zoom-source="zoom-_5F">"#))
    }
}
