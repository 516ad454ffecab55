import MicroHTTP
import Navigation
import NavigationHTML
import Foundation

extension DemoApp {
    /// Deep links that need the store or the query: `/dish/<name>` opens the recipe of that name
    /// (by its title, any case, spaces or hyphens: "Apple Pie", "apple-pie") at its id in its
    /// category; `/search?q=pie` opens the search sheet with "pie". The rest of the seeds' links
    /// are the schema's.
    public func deepLink(_ path: PathReader, query: [String: String]) async throws -> DeepLink<DemoNavigation>? {
        var path = path
        switch path.next() {
        case "search":
            guard path.isAtEnd, let words = query["q"], !words.isEmpty else { return nil }
            return DeepLink(Location(tab: .home, presentation: .search), arguments: ["presented-q": words])
        case "dish":
            guard let name = path.next(), path.isAtEnd else { return nil }
            let wanted = Self.comparable(name)
            guard let recipe = try await store.searchRecipes(name.replacingOccurrences(of: "-", with: " "))
                .first(where: { Self.comparable($0.name) == wanted || $0.id == name })
            else { throw HTTPError(.notFound, "There is no recipe “\(name)”.") }
            return DeepLink(Location(tab: .recipes, path: [.category(categoryId: recipe.categoryId), .recipe(recipeId: recipe.id)]))
        default:
            return nil
        }
    }

    /// A recipe's name as a link may spell it: lower case, hyphens for spaces.
    private static func comparable(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: "-")
    }
}
