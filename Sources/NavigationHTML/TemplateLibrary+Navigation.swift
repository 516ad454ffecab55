import HTMLTemplates

/// The library's own templates, and an app's beside them.
extension TemplateLibrary {
    /// The library's own templates (`navigation/page`, `navigation/list`, …), built into it.
    public static let navigation: TemplateLibrary = {
        do {
            return try TemplateLibrary(sources: LibraryAssets.templates)
        } catch {
            // The library's templates are compiled by its own tests; this cannot happen in a release.
            fatalError("The library's own templates do not compile: \(error)")
        }
    }()

    /// The library's templates with an app's own beside them: every `.mustache` file below
    /// `directory`, named by its path there without the extension (`shop/receipt`). A file with
    /// the name of one of the library's (`navigation/list.mustache`) replaces it.
    ///
    /// ```swift
    /// let templates = try TemplateLibrary.navigation(directory: "Templates")
    /// let responder = try NavigationResponder(app: ShopApp(), templates: templates, cookie: cookie)
    /// ```
    ///
    /// - Throws: `TemplateError` naming the folder when it does not exist or cannot be read, or
    ///   the template and line of a syntax error or a partial that no template provides.
    public static func navigation(directory: String) throws -> TemplateLibrary {
        try TemplateLibrary(sources: LibraryAssets.templates.merging(try sources(directory: directory)) { $1 })
    }
}
