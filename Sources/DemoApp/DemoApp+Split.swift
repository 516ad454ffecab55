import Navigation
import NavigationHTML

extension DemoApp {
    /// Recipes is the WWDC sample's three-column split view (categories | recipes | recipe, the
    /// detail drilling into related recipes); Orders is a two-column one in wide windows.
    public func splitColumns(for tab: DemoTab, context: ScreenContext<DemoNavigation>) async throws -> SplitColumns? {
        let path = context.state.path.elements
        switch tab {
        case .recipes:
            var category: String?
            var recipe: String?
            if case .category(let id)? = path.first {
                category = id
                if path.count > 1, case .recipe(let id) = path[1] { recipe = id }
            }
            let sidebar = Screen.list("Categories", sections: [ListSection(rows: try await store.categories().map { item in
                ListRow(item.name, to: .replace([.category(categoryId: item.id)]), in: context,
                        isSelected: item.id == category, systemImage: Self.symbol(of: item.id))
            })]).toolbar([planDinnerButton(context)])
            let content: Screen
            if let category {
                let name = try await self.category(category).name
                content = .list(name, sections: [ListSection(rows: try await store.recipes(inCategory: category).map { item in
                    ListRow(item.name, subtitle: "\(item.minutes) min",
                            to: .replace([.category(categoryId: category), .recipe(recipeId: item.id)]), in: context,
                            isSelected: item.id == recipe)
                        .matchedTransitionSource(id: item.id)
                })])
            } else {
                content = .list("Recipes", sections: [ListSection(footer: "Select a category.", rows: [])])
            }
            let depth = recipe != nil ? 2 : category != nil ? 1 : 0
            return SplitColumns([sidebar, content], selectionDepth: depth, placeholder: ContentUnavailable(
                category == nil ? "Select a Category" : "Select a Recipe", systemImage: "book"))
        case .orders:
            var selected: String?
            if case .orderDetail(let id)? = path.first { selected = id }
            let sidebar = Screen.list("Orders", sections: [ListSection(rows: try await store.orders().map { order in
                ListRow(order.title, subtitle: order.id, value: order.amount,
                        to: .replace([.orderDetail(orderId: order.id)]), in: context, isSelected: order.id == selected)
            })], whenEmpty: noOrders(context)).toolbar([newOrderButton(context)]).observing(DemoTopic.orders)
            return SplitColumns([sidebar], selectionDepth: selected == nil ? 0 : 1,
                                placeholder: ContentUnavailable("Select an Order", systemImage: "bag"))
        case .home, .saved, .profile, .find, .beta:
            return nil
        }
    }
}
