import MicroHTTP
import Navigation
import NavigationHTML

/// What each screen shows, for the account signed in. The library draws the rest: navigation
/// bar, back button, breadcrumb, tab bar, the sheets, and the split view in a wide window; it
/// sends a signed-out visitor who asks for a note to sign in, and back to the note after.
/// Each screen observes the topics of what it shows (`Topic.notes(of:)`): the account's open
/// pages refresh themselves when another of its sessions changes them.
public struct NotesApp: NavigationApp {
    public typealias Schema = NotesNavigation
    public let name = "Notes"
    let store: NoteStore
    let accounts: Accounts

    public func identity(for request: Request) throws -> Account? {
        try accounts.signedIn(request)
    }

    /// A page's account, titles, screens and the versions of the topics they observe come from
    /// one snapshot of the store.
    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await store.reading(body)
    }

    public func signIn(from state: NavigationState<NotesNavigation>) -> NavigationState<NotesNavigation> {
        NavigationState(selectedTab: .notes, presentation: .signIn)
    }

    public func title(for route: NotesRoute) throws -> String {
        try title(for: route, identity: nil)
    }

    /// Another account's note is not found, exactly as a note that does not exist.
    public func title(for route: NotesRoute, identity account: Account?) throws -> String {
        switch route {
        case .folder(let name):
            guard let account, try store.folders(of: account).contains(name) else {
                throw HTTPError(.notFound, "There is no folder “\(name)”.")
            }
            return name
        case .note(let id):
            guard let account, let note = try store.note(id, of: account) else {
                throw HTTPError(.notFound, "There is no note \(id).")
            }
            return note.title
        }
    }

    public func root(of tab: NotesTab, context: ScreenContext<NotesNavigation>) throws -> Screen {
        guard let account = context.identity else {
            return .unavailable("Notes", ContentUnavailable(
                "Sign in to see your notes", systemImage: "lock", description: "Each account keeps its own.",
                action: .init("Sign In", href: context.href(.present(.signIn)))))
        }
        let screen: Screen = switch tab {
        case .notes:
            try folderList(account, context)
        case .recent:
            .list("Recent", sections: [ListSection(rows: try store.notes(of: account).map { note in
                ListRow(note.title, subtitle: note.folder, to: .push(.note(id: note.id)), in: context)
            })]).observing(.notes(of: account.id))
        case .account:
            .list("Account", sections: [ListSection(rows: [ListRow("Name", value: account.name)])])
                .toolbar([ToolbarItem("Sign Out", systemImage: "lock", placement: .primaryAction, posting: "signOut")])
        }
        return screen.observing(.signIns(of: account.id))   // every page of the account: ended, it asks to sign in
    }

    /// Only asked for once signed in: every route needs an account, and its title was found.
    public func screen(for route: NotesRoute, context: ScreenContext<NotesNavigation>) throws -> Screen {
        guard let account = context.identity else { throw HTTPError(.notFound, "There is no such note.") }
        let screen: Screen
        switch route {
        case .folder(let name):
            screen = try noteList(in: name, account, context)
        case .note(let id):
            guard let note = try store.note(id, of: account) else { throw HTTPError(.notFound, "There is no note \(id).") }
            screen = .list(note.title, sections: [ListSection(rows: [ListRow(note.text)])])
                .observing(.note(id, of: account.id))
        }
        return screen.observing(.signIns(of: account.id))
    }

    public func screen(for destination: NotesDestination, context: ScreenContext<NotesNavigation>) throws -> Screen {
        switch destination {
        case .compose(let folder):
            .form("New Note in \(folder)", action: "create", fields: [
                FormField("Title", name: "title", value: "", maxLength: Note.titleRule.maxLength, isRequired: true),
                FormField("Text", name: "text", value: "", maxLength: Note.textRule.maxLength),
            ], cancelHref: context.href(.dismiss), context: context)
        case .signIn:
            .form("Sign In", action: "signIn", fields: [
                FormField("Name", name: "name", value: "", maxLength: 64, textContentType: .username, isRequired: true),
                FormField("Password", name: "password", value: "", maxLength: PasswordHasher.maximumLength,
                          textContentType: .password, isRequired: true, isSecure: true),
            ], submitTitle: "Sign In", pendingTitle: "Signing In…", cancelHref: context.href(.dismiss), context: context)
        }
    }

    public func submit(_ form: Submission, context: ScreenContext<NotesNavigation>) async throws -> SubmissionOutcome<NotesNavigation> {
        switch (context.state.presentation, form.action, context.identity) {
        case (.signIn?, "signIn", _):
            return try await accounts.signIn(form, context: context)
        case (nil, "signOut", let account?) where context.state.selectedTab == .account && context.state.path.isEmpty:
            return try accounts.signOut(account, context: context)
        case (.compose(let folder)?, "create", let account?):
            guard try store.folders(of: account).contains(folder) else {
                throw HTTPError(.notFound, "There is no folder “\(folder)”.")
            }
            // Checked here whatever the form's maxlength said: a 422 beside the field, the input kept.
            let title = try form.text("title", Note.titleRule), text = try form.text("text", Note.textRule)
            let note = try store.add(folder: folder, title: title, text: text, of: account)
            return .navigate([.dismiss, .push(.note(id: note.id))])                    // 303 to the new note
        default:
            throw HTTPError(.badRequest, "There is no such action here.")
        }
    }

    /// In a wide window the Notes tab shows folders | notes | note, as a `NavigationSplitView`.
    public func splitColumns(for tab: NotesTab, context: ScreenContext<NotesNavigation>) throws -> SplitColumns? {
        guard tab == .notes, let account = context.identity else { return nil }
        let path = context.state.path
        guard case .folder(let folder)? = path.first else {
            return SplitColumns([try folderList(account, context)], selectionDepth: 0, placeholder: "Select a folder")
        }
        let depth = path.count > 1 ? 2 : 1
        return SplitColumns([try folderList(account, context), try noteList(in: folder, account, context)],
                            selectionDepth: depth, placeholder: "Select a note")
    }

    private func folderList(_ account: Account, _ context: ScreenContext<NotesNavigation>) throws -> Screen {
        let selected: String? = if case .folder(let name)? = context.state.path.first { name } else { nil }
        return .list("Folders", sections: [ListSection(rows: try store.folders(of: account).map { folder in
            ListRow(folder, value: "\(try store.notes(in: folder, of: account).count)",
                    to: .replace([.folder(name: folder)]), in: context, isSelected: folder == selected,
                    systemImage: "folder")
        })]).observing(.notes(of: account.id))
    }

    private func noteList(in folder: String, _ account: Account, _ context: ScreenContext<NotesNavigation>) throws -> Screen {
        let path = context.state.path
        let selected: Int64? = if path.count > 1, case .note(let id) = path[1] { id } else { nil }
        let rows = try store.notes(in: folder, of: account).map { note in
            ListRow(note.title, to: .replace([.folder(name: folder), .note(id: note.id)]), in: context,
                    isSelected: note.id == selected)
        }
        let new = ListRow("New Note…", to: .present(.compose(folder: folder)), in: context,
                          systemImage: "square.and.pencil")
        return .list(folder, sections: [ListSection(rows: rows), ListSection(rows: [new])]).observing(.notes(of: account.id))
    }
}
