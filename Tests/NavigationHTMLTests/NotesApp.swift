import MicroHTTP
import Navigation
import NavigationHTML

// The README's "Your own app" example, kept compiling and exercised here.

enum NoteRoute: Route {
    case note(id: Int)
    var pathSegments: [String] { switch self { case .note(let id): ["note", String(id)] } }
    static func parse(_ path: inout PathReader) -> NoteRoute? {
        path.next() == "note" ? path.next().flatMap { Int($0) }.map { .note(id: $0) } : nil
    }
}
enum NoteTab: String, Tab { case notes, archive; var title: String { rawValue.capitalized } }
enum NoteDestination: Destination {
    case help
    var style: PresentationStyle { .sheet }
    var pathSegments: [String] { ["help"] }
    static func parse(_ path: inout PathReader) -> NoteDestination? { path.next() == "help" ? .help : nil }
}
enum Notes: NavigationSchema {
    typealias Route = NoteRoute; typealias Tab = NoteTab; typealias Destination = NoteDestination
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
