import Navigation
import NavigationHTML

/// The model of `demo/search.mustache`: a GET form whose query stays in the URL.
struct SearchPage: Sendable {
    let action: String
    let query: String
    let hasQuery: Bool
    let sections: [ListSection]
}

extension DemoApp {
    /// The search sheet: a GET form whose query stays in the URL, over recipes and orders.
    func searchScreen(_ context: ScreenContext<DemoNavigation>) throws -> Screen {
        let query = String((context.query["q"] ?? "").prefix(100))
        var sections: [ListSection] = []
        if !query.isEmpty {
            let recipes = try store.searchRecipes(query)
            let orders = try store.searchOrders(query)
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
        return Screen(title: "Search", template: "demo/search", model: SearchPage(
            action: String(context.formAction.prefix { $0 != "?" }), query: query, hasQuery: !query.isEmpty,
            sections: sections))
    }
}
