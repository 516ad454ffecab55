import NavigationHTML

/// A book's page drawn by a template of the app's own, `Templates/shelf/book-card.mustache`.
struct BookCard: TemplateModel {
    let title: String
    let author: String?
    let year: Int
    let tags: [String]

    /// The names the template may use, each read straight from the model.
    static let templateFields = TemplateFields<Self>([
        "title": .text(\.title),
        "author": .text(\.author),               // nil: {{#author}}…{{/author}} is skipped
        "year": .number(\.year),
        "isClassic": .flag { $0.year < 1900 },    // computed from the model
        "tags": .list(\.tags),                    // {{#tags}}{{.}}{{/tags}}, once per tag
        "hasTags": .flag { !$0.tags.isEmpty },
    ])

    var screen: Screen {
        Screen(title: title, template: "shelf/book-card", model: self)
    }
}

/// The app's pages with its own templates beside the library's, and its own stylesheet linked
/// after the library's; `FileResponder` serves the app's files from `Public/` (`/shelf.css`)
/// and hands every other request to the pages.
func shelfResponder(cookie: StateCookie<ShelfNavigation>) throws -> some HTTPResponder {
    let pages = try NavigationResponder(
        app: ShelfApp(), templates: try TemplateLibrary.navigation(directory: "Templates"), cookie: cookie,
        stylesheets: [FileResponder.versionedURL(of: "shelf.css", in: "Public")])
    return FileResponder(root: "Public", fallback: pages)
}
