import MicroHTTP
import Navigation
import NavigationHTML
import Synchronization
import Foundation

// A tiny app of the tests' own: a shelf of books in one tab, a wishlist in another, and a sheet
// whose form adds a book. Its server puts a few plain endpoints in front of the app (`/echo`,
// redirects, errors) to show what the browser sends and how the pipeline answers.

enum ShelfRoute: Route {
    case book(id: Int)
}

enum ShelfTab: String, Tab {
    case library, wishlist
    var title: String { rawValue.capitalized }
    /// A phone's tab bar opens the library on its list, not on the book it was left on.
    var preferredCompactColumn: SplitViewColumn { self == .library ? .sidebar : .detail }
}

enum ShelfDestination: Destination {
    case add
    var style: PresentationStyle { .sheet }
}

enum ShelfNavigation: NavigationSchema {
    typealias Route = ShelfRoute
    typealias Tab = ShelfTab
    typealias Destination = ShelfDestination
    static let defaultTab = ShelfTab.library
}

/// The books, shared by the server's threads; each book added moves the topic `books`.
final class Books: TopicStore {
    private let titles = Mutex<[Int: String]>([1: "Dune", 2: "Emma"])
    private let version = Atomic(0)
    private let broadcast = TopicBroadcast()

    func versions(of topics: Set<Topic>) -> [Topic: Int] {
        topics.reduce(into: [:]) { $0[$1] = $1 == "books" ? version.load(ordering: .acquiring) : 0 }
    }

    func changes() -> AsyncStream<TopicChange> { broadcast.subscribe() }

    func title(_ id: Int) -> String? { titles.withLock { $0[id] } }
    var all: [(id: Int, title: String)] { titles.withLock { $0.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } } }

    @discardableResult
    func add(_ title: String) -> Int {
        let id = titles.withLock { titles in
            let id = (titles.keys.max() ?? 0) + 1
            titles[id] = title
            return id
        }
        broadcast.publish(["books": version.add(1, ordering: .acquiringAndReleasing).newValue])
        return id
    }
}

struct ShelfApp: NavigationApp {
    typealias Schema = ShelfNavigation
    let name = "Shelf"
    let books: Books

    func title(for route: ShelfRoute) throws -> String {
        guard case .book(let id) = route, let title = books.title(id) else { throw HTTPError(.notFound, "No such book.") }
        return title
    }

    func root(of tab: ShelfTab, context: ScreenContext<ShelfNavigation>) throws -> Screen {
        switch tab {
        case .library:
            .list("Library", sections: [
                ListSection(rows: books.all.map { ListRow($0.title, subtitle: "Book \($0.id)", href: context.href(.push(.book(id: $0.id)))) }),
                ListSection(rows: [ListRow("Add a Book", href: context.href(.present(.add)))]),
            ]).observing("books")
        case .wishlist:
            .list("Wishlist", sections: [ListSection(rows: [ListRow("Nothing yet")])])
        }
    }

    func screen(for route: ShelfRoute, context: ScreenContext<ShelfNavigation>) throws -> Screen {
        .list(try title(for: route), sections: [ListSection(rows: [ListRow("On the shelf")])])
    }

    func screen(for destination: ShelfDestination, context: ScreenContext<ShelfNavigation>) throws -> Screen {
        .form("New Book", action: "add", fields: [
            FormField("Title", name: "title", value: ""),
            FormField("Author", name: "author", value: ""),
        ], cancelHref: context.href(.dismiss), context: context)
    }

    func submit(_ form: Submission, context: ScreenContext<ShelfNavigation>) throws -> SubmissionOutcome<ShelfNavigation> {
        guard context.state.presentation == .add, form.action == "add" else { throw HTTPError(.badRequest, "No such action.") }
        guard !form["title"].isEmpty else { return .invalidField("title", message: "A book needs a title.") }
        let id = books.add(form["author"].isEmpty ? form["title"] : "\(form["title"]) by \(form["author"])")
        return .navigate([.dismiss, .push(.book(id: id))])
    }
}

/// A few plain endpoints in front of the app: what the browser sent (`/echo`), redirects
/// (`/loop`, `/again` 307), a cookie of another name (`/flavour`) and failures (`/boom`, `/teapot`).
struct ShelfResponder: HTTPResponder {
    let app: NavigationResponder<ShelfApp>

    func respond(to request: Request) async throws -> Response {
        switch request.path {
        case "/echo":
            let lines = [
                "method=\(request.method.rawValue)", "origin=\(request.headers["Origin"] ?? "-")",
                "site=\(request.headers["Sec-Fetch-Site"] ?? "-")", "referer=\(request.headers["Referer"] ?? "-")",
                "cookies=\(request.cookies.keys.sorted().joined(separator: ","))",
                "form=\(request.form.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ","))",
                "query=\(request.query.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ","))",
                "https=\(request.isHTTPS)",
            ]
            return .text(lines.joined(separator: "\n"))
        case "/loop":
            return .redirect(to: "/loop", status: .found)
        case "/again":
            return .redirect(to: "echo?from=again", status: HTTPStatus(code: 307, reason: "Temporary Redirect"))
        case "/flavour":
            var response = Response.redirect(to: "/echo")
            response.cookies = [SetCookie(name: "flavour", value: "oat", path: "/echo"), SetCookie(name: "gone", value: "", maxAge: 0)]
            return response
        case "/boom":
            struct Secret: Error {}
            throw Secret()
        case "/teapot":
            throw HTTPError(.badRequest, "No tea here.")
        default:
            return try await app.respond(to: request)
        }
    }

    /// Its own paths' work, else the app's reply (the library's files at once).
    func reply(to request: Request) throws -> Reply {
        guard !["/echo", "/loop", "/again", "/flavour", "/boom", "/teapot"].contains(request.path) else {
            return .pending { try await respond(to: request) }
        }
        return try app.reply(to: request)
    }
}

enum Shelf {
    static let secret = "a secret of at least sixteen characters"

    static let keys = KeyRing(secrets: [secret])!

    /// The shelf's server on a free port, behind `trustedProxies` when given, its library kept
    /// up to date by `updates` when given.
    static func server(books: Books = Books(), trustedProxies: [String] = [], updates: LiveUpdates? = nil) throws -> Server {
        let cookie = StateCookie<ShelfNavigation>(keys: keys)
        let app = try NavigationResponder(app: ShelfApp(books: books), cookie: cookie, updates: updates)
        var configuration = ServerConfiguration(port: 0, threads: 2)
        configuration.trustedProxies = trustedProxies
        return Server(configuration: configuration, responder: ShelfResponder(app: app))
    }
}
