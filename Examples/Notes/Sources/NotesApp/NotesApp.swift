import MicroHTTP
import Navigation
import NavigationHTML

/// What each screen shows. The library draws the rest: navigation bar, back button,
/// breadcrumb, tab bar, the sheet, and the split view in a wide window.
public struct NotesApp: NavigationApp {
    public typealias Schema = NotesNavigation
    public let name = "Notes"
    public let store: NoteStore

    public init(store: NoteStore = NoteStore()) {
        self.store = store
    }

    public func title(for route: NotesRoute) throws -> String {
        switch route {
        case .folder(let name):
            guard store.folders.contains(name) else { throw HTTPError(.notFound, "There is no folder “\(name)”.") }
            return name
        case .note(let id):
            guard let note = store.note(id) else { throw HTTPError(.notFound, "There is no note \(id).") }
            return note.title
        }
    }

    public func root(of tab: NotesTab, context: ScreenContext<NotesNavigation>) throws -> Screen {
        switch tab {
        case .notes:
            folderList(context)
        case .recent:
            .list("Recent", sections: [ListSection(rows: store.all.reversed().map { note in
                ListRow(note.title, subtitle: note.folder, href: context.href(.push(.note(id: note.id))))
            })])
        }
    }

    public func screen(for route: NotesRoute, context: ScreenContext<NotesNavigation>) throws -> Screen {
        switch route {
        case .folder(let name):
            return noteList(in: name, context)
        case .note(let id):
            let title = try title(for: route)
            return .list(title, sections: [ListSection(rows: [ListRow(store.note(id)?.text ?? "")])])
        }
    }

    public func screen(for destination: NotesDestination, context: ScreenContext<NotesNavigation>) throws -> Screen {
        switch destination {
        case .compose(let folder):
            .form("New Note in \(folder)", action: "create", fields: [
                FormField("Title", name: "title", value: "", isRequired: true),
                FormField("Text", name: "text", value: "", maxLength: 1_000),
            ], cancelHref: context.href(.dismiss), context: context)
        }
    }

    public func submit(_ form: Submission, context: ScreenContext<NotesNavigation>) throws -> SubmissionOutcome<NotesNavigation> {
        guard case .compose(let folder)? = context.state.presentation, form.action == "create" else {
            throw HTTPError(.badRequest, "There is no such action here.")
        }
        guard !form["title"].isEmpty, form["title"].count <= 100 else {
            return .invalid("A note needs a title of at most 100 characters.")  // 422, the input kept
        }
        let note = store.add(folder: folder, title: form["title"], text: form["text"])
        return .navigate([.dismiss, .push(.note(id: note.id))])                  // 303 to the new note
    }

    /// In a wide window the Notes tab shows folders | notes | note, as a `NavigationSplitView`.
    public func splitColumns(for tab: NotesTab, context: ScreenContext<NotesNavigation>) throws -> SplitColumns? {
        guard tab == .notes else { return nil }
        let path = context.state.path
        guard case .folder(let folder)? = path.first else {
            return SplitColumns([folderList(context)], selectionDepth: 0, placeholder: "Select a folder")
        }
        let depth = path.count > 1 ? 2 : 1
        return SplitColumns([folderList(context), noteList(in: folder, context)], selectionDepth: depth,
                            placeholder: "Select a note")
    }

    private func folderList(_ context: ScreenContext<NotesNavigation>) -> Screen {
        let selected: String? = if case .folder(let name)? = context.state.path.first { name } else { nil }
        return .list("Folders", sections: [ListSection(rows: store.folders.map { folder in
            ListRow(folder, value: "\(store.notes(in: folder).count)",
                    href: context.href(.replace([.folder(name: folder)])), isSelected: folder == selected,
                    systemImage: "folder")
        })])
    }

    private func noteList(in folder: String, _ context: ScreenContext<NotesNavigation>) -> Screen {
        let path = context.state.path
        let selected: Int? = if path.count > 1, case .note(let id) = path[1] { id } else { nil }
        let rows = store.notes(in: folder).map { note in
            ListRow(note.title, href: context.href(.replace([.folder(name: folder), .note(id: note.id)])),
                    isSelected: note.id == selected)
        }
        let new = ListRow("New Note…", href: context.href(.present(.compose(folder: folder))),
                          systemImage: "square.and.pencil")
        return .list(folder, sections: [ListSection(rows: rows), ListSection(rows: [new])])
    }
}
