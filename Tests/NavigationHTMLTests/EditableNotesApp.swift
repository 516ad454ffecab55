import MicroHTTP
import Navigation
import NavigationHTML
import Synchronization

// The README's "Presentations" and "Split views" examples, kept compiling and exercised here.

enum NoteDestination2: Destination {
    case edit(id: Int), delete(id: Int)
    var style: PresentationStyle { if case .delete = self { .confirmationDialog } else { .sheet } }
    var detents: [PresentationDetent] { [.medium, .large] }
    var pathSegments: [String] {
        switch self {
        case .edit(let id): ["edit", String(id)]
        case .delete(let id): ["delete", String(id)]
        }
    }
    static func parse(_ path: inout PathReader) -> NoteDestination2? {
        switch path.next() {
        case "edit": path.next().flatMap { Int($0) }.map { .edit(id: $0) }
        case "delete": path.next().flatMap { Int($0) }.map { .delete(id: $0) }
        default: nil
        }
    }
}

enum EditableNotes: NavigationSchema {
    typealias Route = NoteRoute; typealias Tab = NoteTab; typealias Destination = NoteDestination2
    static let defaultTab = NoteTab.notes
}

/// The notes, shared by the server's threads.
final class NoteBook: Sendable {
    private let notes = Mutex<[Int: String]>([1: "Buy milk", 2: "Call Sam", 3: "Water plants"])

    func withLock<T: Sendable>(_ body: (inout [Int: String]) -> T) -> T {
        notes.withLock { body(&$0) }
    }
}

struct EditableNotesApp: NavigationApp {
    typealias Schema = EditableNotes
    let name = "Notes"
    let notes = NoteBook()

    func text(_ id: Int) throws -> String {
        guard let text = notes.withLock({ $0[id] }) else { throw HTTPError(.notFound, "No such note.") }
        return text
    }
    func save(_ id: Int, _ text: String) throws { notes.withLock { $0[id] = text } }
    func delete(_ id: Int) throws { _ = notes.withLock { $0.removeValue(forKey: id) } }

    func title(for route: NoteRoute) throws -> String {
        guard case .note(let id) = route else { throw HTTPError(.notFound, "No such note.") }
        _ = try text(id)
        return "Note \(id)"
    }
    func root(of tab: NoteTab, context: ScreenContext<EditableNotes>) throws -> Screen {
        .list(tab.title, sections: [ListSection(rows: notes.withLock { $0.keys.sorted() }.map {
            ListRow("Note \($0)", href: context.href(.push(.note(id: $0))))
        })])
    }
    func screen(for route: NoteRoute, context: ScreenContext<EditableNotes>) throws -> Screen {
        guard case .note(let id) = route else { throw HTTPError(.notFound, "No such note.") }
        return .list(try title(for: route), sections: [ListSection(rows: [ListRow(try text(id))])])
    }

    func screen(for destination: NoteDestination2, context: ScreenContext<EditableNotes>) throws -> Screen {
        switch destination {
        case .edit(let id):
            .form("Edit Note", action: "save", fields: [FormField("Text", name: "text", value: try text(id))],
                  cancelHref: context.href(.dismiss), context: context)
        case .delete(let id):
            .alert("Delete Note \(id)?", message: "This cannot be undone.", buttons: [
                .submit("Delete", role: .destructive, action: "delete"),
                .link("Cancel", role: .cancel, href: context.href(.dismiss)),
            ], context: context)
        }
    }

    func submit(_ form: Submission, context: ScreenContext<EditableNotes>) throws -> SubmissionOutcome<EditableNotes> {
        switch (context.state.presentation, form.action) {
        case (.edit(let id)?, "save"):
            guard !form["text"].isEmpty else { return .invalid("Write something.") }  // 422, input kept
            try save(id, form["text"])
            return .navigate([.dismiss])                                                  // 303 to the screen behind
        case (.edit(let id)?, "saveShort"):
            try save(id, try form.text("text", TextRule(label: "text", maxLength: 20)))  // InvalidField: 422
            return .navigate([.dismiss])
        case (.delete(let id)?, "delete"):
            try delete(id)
            return .navigate([.dismiss, .pop])   // the deleted note's screen pops itself
        default:
            throw HTTPError(.badRequest, "No such action here.")
        }
    }

    func splitColumns(for tab: NoteTab, context: ScreenContext<EditableNotes>) throws -> SplitColumns? {
        guard tab == .notes else { return nil }
        let selected: Int? = if case .note(let id)? = context.state.path.first { id } else { nil }
        let sidebar = Screen.list("Notes", sections: [ListSection(rows: (1...3).map { id in
            ListRow("Note \(id)", href: context.href(.replace([.note(id: id)])), isSelected: id == selected)
        })])
        return SplitColumns([sidebar], selectionDepth: selected == nil ? 0 : 1, placeholder: "Select a Note")
    }
}
