import Navigation
import NavigationHTML

extension DemoApp {
    /// Search, as a sheet (`/search`) or as the Search tab: the seed's `.searchable` list over
    /// recipes and orders, its text in the URL (`q` in the tab, `presented-q` in the sheet).
    func searchScreen(_ context: ScreenContext<DemoNavigation>, inSheet: Bool) async throws -> Screen {
        let query = String(context.searchText.prefix(100))
        var sections: [ListSection] = []
        if !query.isEmpty {
            let recipes = try await store.searchRecipes(query)
            let orders = try await store.searchOrders(query)
            // Nothing at all found: the list is empty and says so (ContentUnavailableView.search).
            if !(recipes.isEmpty && orders.isEmpty) {
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
        }
        let screen = Screen.list("Search", sections: sections).searchable(prompt: "Recipes and Orders", context: context)
        // The seed's SearchView: a sheet that leaves through Cancel.
        let observed = screen.observing(DemoTopic.orders)
        return inSheet ? observed.toolbar([ToolbarItem("Cancel", placement: .cancellationAction, to: .dismiss, in: context)]) : observed
    }
}
