import Synchronization

public struct Note: Sendable, Equatable {
    public let id: Int
    public let folder: String
    public let title: String
    public let text: String
}

/// The notes, in memory and shared by the server's threads (an app of yours would keep them in
/// a database and read them in `reading(_:)`).
public final class NoteStore: Sendable {
    private let notes = Mutex<[Note]>([
        Note(id: 1, folder: "Work", title: "Plan the launch", text: "Dates, owners, the checklist."),
        Note(id: 2, folder: "Work", title: "Call Sam", text: "About the invoice."),
        Note(id: 3, folder: "Home", title: "Water the plants", text: "The fern twice a week."),
    ])

    public init() {}

    public var folders: [String] { Array(Set(notes.withLock { $0.map(\.folder) })).sorted() }

    public func notes(in folder: String) -> [Note] { notes.withLock { $0.filter { $0.folder == folder } } }

    public var all: [Note] { notes.withLock { $0 } }

    public func note(_ id: Int) -> Note? { notes.withLock { $0.first { $0.id == id } } }

    /// Adds a note and returns it, with the next free id.
    public func add(folder: String, title: String, text: String) -> Note {
        notes.withLock { notes in
            let note = Note(id: (notes.map(\.id).max() ?? 0) + 1, folder: folder, title: title, text: text)
            notes.append(note)
            return note
        }
    }
}
