import Navigation

/// The screens that can be pushed: no path code, the URLs come from `Codable`
/// (`/notes/folder/Work/note/3`). Each is one account's, so each needs one.
public enum NotesRoute: Route {
    case folder(name: String)
    case note(id: Int64)
    public var requiresSignIn: Bool { true }
}

/// Notes asks a visitor to sign in on its root; Recent and Account need an account, and Account
/// shows only once signed in.
public enum NotesTab: String, Tab {
    case notes, recent, account
    public var title: String { rawValue.capitalized }
    public var systemImage: String? {
        switch self {
        case .notes: "note.text"
        case .recent: "clock"
        case .account: "person.crop.circle"
        }
    }
    public var requiresSignIn: Bool { self != .notes }
}

/// What can be presented: the sign-in sheet, and a sheet with a form that creates a note in a
/// folder (`?present=compose/Work`).
public enum NotesDestination: Destination {
    case compose(folder: String)
    case signIn
    public var style: PresentationStyle { .sheet }
    public var detents: [PresentationDetent] { self == .signIn ? [.large] : [.medium, .large] }
    public var requiresSignIn: Bool { self != .signIn }
}

public enum NotesNavigation: NavigationSchema {
    public typealias Route = NotesRoute
    public typealias Tab = NotesTab
    public typealias Destination = NotesDestination
    public typealias Identity = Account
    public static let defaultTab = NotesTab.notes

    /// `Tab("Account", systemImage: "person.crop.circle") { … }.hidden(!isSignedIn)`.
    public static func isHidden(_ tab: NotesTab, in state: NavigationState<NotesNavigation>) -> Bool {
        tab == .account && !state.isSignedIn
    }
}
