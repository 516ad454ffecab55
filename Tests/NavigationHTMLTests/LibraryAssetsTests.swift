import Foundation
import MicroHTTP
import Navigation
import NavigationHTML
import Testing

/// The library's own files come with it: an app copies none, names icons of the set, replaces a
/// template by one of the same name, and adds a stylesheet after the library's.
@Suite struct LibraryAssetsTests {
    enum ShelfTab: String, Tab {
        case books, starred
        var title: String { rawValue.capitalized }
        var systemImage: String? { self == .books ? "books.vertical.unknown" : "star" }
    }
    enum Shelf: NavigationSchema {
        typealias Route = NoteRoute; typealias Tab = ShelfTab; typealias Destination = NoteDestination
        static let defaultTab = ShelfTab.books
    }
    struct ShelfApp: NavigationApp {
        typealias Schema = Shelf
        let name = "Shelf"
        func title(for route: NoteRoute) -> String { "Book" }
        func root(of tab: ShelfTab, context: ScreenContext<Shelf>) -> Screen {
            .list(tab.title, sections: [ListSection(rows: [
                ListRow("Fiction", href: context.href(.push(.note(id: 1))), systemImage: "folder"),
                ListRow("Plain"),
            ])])
        }
        func screen(for route: NoteRoute, context: ScreenContext<Shelf>) -> Screen { .list("Book", sections: []) }
    }

    let cookie = StateCookie<Shelf>(keys: KeyRing(secrets: ["a secret of at least sixteen characters"])!)

    func get(_ responder: NavigationResponder<ShelfApp>, _ path: String) async throws -> Response {
        try await responder.respond(to: Request(method: .get, path: path))
    }

    func text(_ response: Response) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

    @Test func theLibrarysFilesAreServedUnderOneImmutablePrefix() async throws {
        let responder = try NavigationResponder(app: ShelfApp(), cookie: cookie)
        let page = text(try await get(responder, "/books"))
        #expect(page.contains(#"<link rel="stylesheet" href="\#(LibraryAssets.url(of: "app.css"))">"#))
        #expect(page.contains(#"<script src="\#(LibraryAssets.url(of: "app.js"))" defer"#))
        #expect(LibraryAssets.prefix.wholeMatch(of: /\/_navigation\/[0-9a-f]{12}\//) != nil, "\(LibraryAssets.prefix)")
        for (name, type) in [("app.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"),
                             ("icons/star.svg", "image/svg+xml")] {
            let request = Request(method: .get, path: LibraryAssets.url(of: name))
            let response = try #require(try responder.reply(to: request).readyResponse, "at once, without a task")
            #expect(response.status == .ok && response.headers["Content-Type"] == type, "\(name)")
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(!response.bodyBytes.isEmpty)
            let etag = try #require(response.headers["ETag"])
            let again = Request(method: .get, path: LibraryAssets.url(of: name), headers: HTTPHeaders([("If-None-Match", etag)]))
            #expect(try await responder.respond(to: again).status == .notModified)
        }
        #expect(try responder.reply(to: Request(method: .get, path: "/books")).readyResponse == nil, "pages are not files")
        #expect(try await get(responder, LibraryAssets.url(of: "icons/none.svg")).status == .notFound)
        #expect(try responder.reply(to: Request(method: .post, path: LibraryAssets.url(of: "app.css"))).readyResponse == nil)
    }

    @Test func iconsOfTheSetAreDrawnByNameInTabsAndRows() async throws {
        let responder = try NavigationResponder(app: ShelfApp(), cookie: cookie)
        let page = text(try await get(responder, "/books"))
        #expect(page.contains(#"symbol symbol-star""#), "the tab's icon")
        #expect(page.contains(#"<span class="symbol symbol-folder row-symbol" aria-hidden="true"></span>"#), "the row's")
        #expect(page.matches(of: /row-symbol/).count == 1, "a row without an icon has none")
        let stylesheet = text(try await get(responder, LibraryAssets.url(of: "app.css")))
        #expect(LibraryAssets.iconNames.count >= 100)
        for name in LibraryAssets.iconNames {
            let selector = ".symbol-" + name.replacingOccurrences(of: ".", with: "\\.")
            #expect(stylesheet.contains("\(selector) { --symbol: url(\"icons/\(name).svg\"); }"), "\(name)")
            let svg = text(try await get(responder, LibraryAssets.url(of: "icons/\(name).svg")))
            #expect(svg.hasPrefix("<svg") && svg.contains("currentColor"), "\(name)")
        }
        #expect(!stylesheet.contains("books.vertical.unknown"), "a name outside the set gets no rule (and draws nothing)")
    }

    @Test func anAppsTemplateReplacesTheLibrarysOfTheSameName() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("navigation"), withIntermediateDirectories: true)
        try #"<ol class="shelf">{{#sections}}{{#rows}}<li>{{title}}</li>{{/rows}}{{/sections}}</ol>"#
            .write(to: folder.appendingPathComponent("navigation/list.mustache"), atomically: true, encoding: .utf8)
        try "<p>{{title}}</p>".write(to: folder.appendingPathComponent("shelf.mustache"), atomically: true, encoding: .utf8)
        let templates = try TemplateLibrary.navigation(directory: folder.path)
        #expect(templates.names.contains("shelf") && templates.names.contains("navigation/page"), "the app's beside the library's")
        let responder = try NavigationResponder(app: ShelfApp(), templates: templates, cookie: cookie, stylesheets: ["/shelf.css"])
        let page = text(try await get(responder, "/books"))
        #expect(page.contains(#"<ol class="shelf"><li>Fiction</li><li>Plain</li></ol>"#), "the app's list")
        #expect(!page.contains(#"class="list-section""#), "not the library's")
        #expect(page.contains(#"class="tabbar""#), "the library's page around it")
        let library = try #require(page.range(of: LibraryAssets.url(of: "app.css")))
        let own = try #require(page.range(of: #"<link rel="stylesheet" href="/shelf.css">"#))
        #expect(library.upperBound < own.lowerBound, "the app's stylesheet after the library's, so its rules win")
    }

    @Test func aTemplatesFolderThatIsNotThereStopsTheAppAtStartUp() throws {
        let error = #expect(throws: TemplateError.self) { try TemplateLibrary.navigation(directory: "/no/such/templates") }
        #expect(error?.description.contains("/no/such/templates") == true, "\(String(describing: error))")
    }
}
