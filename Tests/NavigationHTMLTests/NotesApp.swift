import MicroHTTP
import Navigation
import NavigationHTML
import Foundation

// A small app on the public API. Its routes write no path code: `/notes/note/2` and
// `?present=help` come from their `Codable` conformance.

enum NoteRoute: Route {
    case note(id: Int)
}
enum NoteTab: String, Tab { case notes, archive; var title: String { rawValue.capitalized } }
enum NoteDestination: Destination {
    case help
    var style: PresentationStyle { .sheet }
}
/// What the archive form keeps as a flow's draft (`StackFormTests`).
struct ArchiveDraft: Codable, Hashable, Sendable { var reason: String }
enum Notes: NavigationSchema {
    typealias Route = NoteRoute; typealias Tab = NoteTab; typealias Destination = NoteDestination
    typealias Draft = ArchiveDraft
    static let defaultTab = NoteTab.notes
}
struct NotesApp: NavigationApp {
    typealias Schema = Notes
    let name = "Notes"
    func title(for route: NoteRoute) throws -> String {
        guard case .note(let id) = route, (1...3).contains(id) else { throw HTTPError(.notFound, "No such note.") }
        return "Note \(id)"
    }
    func root(of tab: NoteTab, context: ScreenContext<Notes>) throws -> Screen {
        .list(tab.title, sections: [ListSection(rows: (1...3).map {
            ListRow("Note \($0)", href: context.href(.push(.note(id: $0))))
        })])
    }
    func screen(for route: NoteRoute, context: ScreenContext<Notes>) throws -> Screen {
        .list(try title(for: route), sections: [ListSection(rows: [ListRow("Written today")])])
    }
}
