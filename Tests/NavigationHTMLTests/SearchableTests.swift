import MicroHTTP
import Navigation
import NavigationHTML
import Testing
import Foundation

/// A searchable list on a tab's root, and one in a sheet: each filters by `context.searchText`,
/// and each row has a form, as a result a user acts on.
struct SearchApp: NavigationApp {
    typealias Schema = EditableNotes
    let name = "Notes"
    let notes = ["Buy milk", "Call Sam", "Water plants"]

    func title(for route: NoteRoute) throws -> String { "Note" }
    func list(_ context: ScreenContext<EditableNotes>) -> Screen {
        let text = context.searchText
        let found = notes.enumerated().filter { text.isEmpty || $0.element.localizedCaseInsensitiveContains(text) }
        return .list("Notes", sections: [ListSection(rows: found.map { index, note in
            ListRow(note, buttons: [.submit("Done", action: "done", fields: ["note": String(index)])], context: context)
        })]).searchable(prompt: "Notes", context: context)
    }
    func root(of tab: NoteTab, context: ScreenContext<EditableNotes>) throws -> Screen {
        list(context).toolbar([ToolbarItem("Edit", href: context.href(.present(.edit(id: 1))))])
    }
    func screen(for route: NoteRoute, context: ScreenContext<EditableNotes>) throws -> Screen { list(context) }
    func screen(for destination: NoteDestination2, context: ScreenContext<EditableNotes>) throws -> Screen {
        list(context)
    }
}

@Suite struct SearchableTests {
    func page(_ path: String, _ query: [String: String]) async throws -> String {
        try await NavigationHTMLTests.page(of: SearchApp(), at: path, query: query)
    }

    @Test func theFieldKeepsTheTextAndTheResultsTheirSearch() async throws {
        let html = try await page("/notes", ["q": "sam", "columns": "all"])
        #expect(html.contains(#"<form class="search" method="get" action="/notes" role="search">"#))
        #expect(html.contains(#"<input type="hidden" name="columns" value="all">"#), "the library's own arguments stay")
        #expect(html.contains(#"<input type="search" name="q" value="sam" maxlength="100" placeholder="Notes" aria-label="Notes" enterkeyhint="search">"#))
        #expect(!html.contains(#"<button type="submit">Search</button>"#), "submitted from the keyboard, as iOS does")
        #expect(html.contains("Call Sam") && !html.contains("Buy milk"))
        // A form on the results posts with the search, so a rejection shows the same results.
        #expect(html.contains(#"action="/notes?columns=all&amp;q=sam""#))
        // Opening a sheet keeps the results behind it; a link to another screen leaves them.
        #expect(html.contains(#"href="/notes?columns=all&amp;present=edit/1&amp;q=sam">Edit</a>"#))
    }

    @Test func aSearchWithoutResultsSaysSoInTheSeedsWords() async throws {
        let html = try await page("/notes", ["q": "<zzz>"])
        #expect(html.contains("<h2>No Results for “&lt;zzz&gt;”</h2>"))
        #expect(html.contains(#"value="&lt;zzz&gt;""#))
    }

    /// A presented search's text is the presentation's: its links keep it while it stays, and the
    /// one that closes it leaves it behind with it.
    @Test func aPresentedSearchIsThePresentations() async throws {
        let html = try await page("/notes", ["q": "milk", "present": "edit/1", "presented-q": "plants"])
        #expect(html.contains(#"<input type="hidden" name="present" value="edit/1">"#))
        #expect(html.contains(#"<input type="search" name="presented-q" value="plants""#))
        #expect(html.contains(#"<input type="search" name="q" value="milk""#), "the screen behind keeps its own")
        #expect(html.contains(#"<a class="close" href="/notes?q=milk">Close</a>"#))
        let context = ScreenContext<EditableNotes>(
            state: NavigationState<EditableNotes>(selectedTab: .notes, presentation: .edit(id: 1)),
            query: ["q": "milk", "presented-q": "plants"], isPresented: true)
        #expect(context.href(.setDetent(.large)) == "/notes?present=edit/1&detent=large&q=milk&presented-q=plants")
        #expect(context.href(.push(.note(id: 2))) == "/notes?present=edit/1&presented-path=note/2&q=milk&presented-q=plants")
        #expect(context.href(.dismiss) == "/notes?q=milk")
        #expect(context.href(.selectTab(.archive)) == "/archive")
        #expect(context.formAction == "/notes?present=edit/1&q=milk&presented-q=plants")
    }
}
