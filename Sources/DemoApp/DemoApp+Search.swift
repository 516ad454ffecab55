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
    public func screen(for destination: DemoDestination, context: ScreenContext<DemoNavigation>) throws -> Screen {
        switch destination {
        case .search:
            let query = String((context.query["q"] ?? "").prefix(100))
            let needle = query.lowercased()
            var sections: [ListSection] = []
            if !needle.isEmpty {
                let recipes = data.recipes.filter { $0.name.lowercased().contains(needle) }
                let orders = data.orders.filter { "\($0.id) \($0.title)".lowercased().contains(needle) }
                let results = context.state.applying(.dismiss)
                sections.append(ListSection("Recipes", footer: recipes.isEmpty ? "No recipes match." : nil,
                    rows: recipes.map { recipe in
                        ListRow(recipe.name, href: results.applying(.open(Location(tab: .recipes, path: [.recipe(recipeId: recipe.id)]))).url)
                    }))
                sections.append(ListSection("Orders", footer: orders.isEmpty ? "No orders match." : nil,
                    rows: orders.map { order in
                        ListRow(order.title, subtitle: order.id,
                                href: results.applying(.open(Location(tab: .home, path: [.orderHistory, .orderDetail(orderId: order.id)]))).url)
                    }))
            }
            let url = context.state.url
            return Screen(title: "Search", template: "demo/search", model: SearchPage(
                action: String(url.prefix { $0 != "?" }), query: query, hasQuery: !needle.isEmpty, sections: sections))
        }
    }
}
