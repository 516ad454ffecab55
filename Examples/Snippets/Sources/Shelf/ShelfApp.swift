import NavigationHTML
import Synchronization

struct Book: Sendable {
    let id: Int
    let genre: String
    let title: String
    let year: Int
}

/// The books, in memory and shared by the server's threads (yours would be in a database).
final class Shelf: Sendable {
    private let books = Mutex([
        Book(id: 1, genre: "Poetry", title: "Leaves of Grass", year: 1855),
        Book(id: 2, genre: "Novels", title: "Middlemarch", year: 1871),
    ])

    var all: [Book] { books.withLock { $0 } }

    func add(genre: String, title: String, year: Int) -> Book {
        books.withLock { books in
            let book = Book(id: books.count + 1, genre: genre, title: title, year: year)
            books.append(book)
            return book
        }
    }
}

/// What each screen shows; the library draws the navigation bar, back button, tab bar and sheet.
struct ShelfApp: NavigationApp {
    typealias Schema = ShelfNavigation
    let name = "Shelf"
    let shelf = Shelf()

    /// A pushed screen's title, for its navigation bar, the back button and the breadcrumb.
    func title(for route: ShelfRoute) throws -> String {
        switch route {
        case .genre(let name):
            return name
        case .book(let id):
            guard let book = shelf.all.first(where: { $0.id == id }) else {
                throw HTTPError(.notFound, "There is no book \(id).")   // 404, the stack cut below it
            }
            return book.title
        }
    }

    func root(of tab: ShelfTab, context: ScreenContext<ShelfNavigation>) throws -> Screen {
        switch tab {
        case .library:
            let genres = Set(shelf.all.map(\.genre)).sorted()
            return .list("Library", sections: [ListSection(rows: genres.map { genre in
                ListRow(genre, href: context.href(.push(.genre(name: genre))), systemImage: "folder")
            })])
        case .wishlist:
            return .list("Wishlist", sections: [ListSection(footer: "Nothing here yet.", rows: [])])
        }
    }

    func screen(for route: ShelfRoute, context: ScreenContext<ShelfNavigation>) throws -> Screen {
        switch route {
        case .genre(let genre):
            let rows = shelf.all.filter { $0.genre == genre }.map { book in
                ListRow(book.title, subtitle: String(book.year), href: context.href(.push(.book(id: book.id))))
            }
            return Screen.list(genre, sections: [ListSection(rows: rows)])
                .toolbar([ToolbarItem("Add Book", systemImage: "plus",
                                      href: context.href(.present(.addBook(genre: genre))))])
        case .book(let id):
            let book = shelf.all.first { $0.id == id }
            return .list(try title(for: route), sections: [ListSection(rows: [
                ListRow("Genre", value: book?.genre),
                ListRow("Published", value: book.map { String($0.year) }),
            ])])
        }
    }

    func screen(for destination: ShelfDestination, context: ScreenContext<ShelfNavigation>) throws -> Screen {
        switch destination {
        case .addBook(let genre):
            .form("New Book in \(genre)", action: "add", fields: [
                FormField("Title", name: "title", value: ""),
                FormField("Year", name: "year", value: "", maxLength: 4, inputMode: "numeric"),
            ], submitTitle: "Add", cancelHref: context.href(.dismiss), context: context)
        }
    }

    /// A posted form (already checked to come from this site): 303 to where the actions lead,
    /// or the form again, with what was typed and why it was refused (422).
    func submit(_ form: Submission, context: ScreenContext<ShelfNavigation>) throws -> SubmissionOutcome<ShelfNavigation> {
        guard case .addBook(let genre)? = context.state.presentation, form.action == "add" else {
            throw HTTPError(.badRequest, "There is no such action here.")
        }
        guard !form["title"].isEmpty else { return .invalidField("title", message: "A book needs a title.") }
        guard let year = Int(form["year"]) else { return .invalidField("year", message: "Write the year as a number.") }
        let book = shelf.add(genre: genre, title: form["title"], year: year)
        return .navigate([.dismiss, .push(.book(id: book.id))])
    }
}
