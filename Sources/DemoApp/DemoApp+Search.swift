import Navigation
import NavigationHTML

/// The model of `demo/search.mustache`: a GET form whose query stays in the URL.
struct SearchPage: Sendable {
    let action: String
    /// In the sheet, the `present` value the form keeps; nil in the Search tab.
    let present: String?
    let query: String
    let hasQuery: Bool
    let sections: [ListSection]
    /// A search that found nothing: `ContentUnavailableView.search`.
    let unavailable: ContentUnavailable?
}

extension DemoApp {
    /// Search, as a sheet (`/search`) or as the Search tab: a GET form whose query stays in the
    /// URL, over recipes and orders.
    func searchScreen(_ context: ScreenContext<DemoNavigation>, inSheet: Bool) async throws -> Screen {
        let query = String((context.query["q"] ?? "").prefix(100))
        var sections: [ListSection] = []
        if !query.isEmpty {
            let recipes = try await store.searchRecipes(query)
            let orders = try await store.searchOrders(query)
            sections.append(ListSection("Recipes", footer: recipes.isEmpty ? "No recipes match." : nil,
                rows: recipes.map { recipe in
                    ListRow(recipe.name, href: context.href(opening: Location(tab: .recipes, path: [.recipe(recipeId: recipe.id)])))
                }))
            sections.append(ListSection("Orders", footer: orders.isEmpty ? "No orders match." : nil,
                rows: orders.map { order in
                    ListRow(order.title, subtitle: order.id, href: context.href(opening: Location(
                        tab: .home, path: [.orderHistory, .orderDetail(orderId: order.id)])))
                }))
        }
        let screen = Screen(title: "Search", template: "demo/search", model: SearchPage(
            action: String(context.formAction.prefix { $0 != "?" }),
            present: inSheet ? DemoDestination.search.pathSegments.joined(separator: "/") : nil, query: query, hasQuery: !query.isEmpty,
            sections: sections,
            unavailable: !query.isEmpty && sections.allSatisfy(\.rows.isEmpty) ? .search(text: query) : nil))
        // The seed's SearchView: a sheet that leaves through Cancel.
        return inSheet ? screen.toolbar([ToolbarItem("Cancel", placement: .cancellationAction, href: context.href(.dismiss))]) : screen
    }
}
