import Navigation

/// The screens that can be pushed: no path code, the URLs come from `Codable`
/// (`/notes/folder/Work/note/3`).
public enum NotesRoute: Route {
    case folder(name: String)
    case note(id: Int)
}

public enum NotesTab: String, Tab {
    case notes, recent
    public var title: String { rawValue.capitalized }
    public var systemImage: String? { self == .notes ? "note.text" : "clock" }
}

/// What can be presented: a sheet with a form that creates a note in a folder
/// (`?present=compose/Work`).
public enum NotesDestination: Destination {
    case compose(folder: String)
    public var style: PresentationStyle { .sheet }
    public var detents: [PresentationDetent] { [.medium, .large] }
}

public enum NotesNavigation: NavigationSchema {
    public typealias Route = NotesRoute
    public typealias Tab = NotesTab
    public typealias Destination = NotesDestination
    public static let defaultTab = NotesTab.notes
}
