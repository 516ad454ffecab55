import Foundation
import Navigation
import NavigationHTML

extension DemoApp {
    public func root(of tab: DemoTab, context: ScreenContext<DemoNavigation>) async throws -> Screen {
        switch tab {
        case .home:
            // The seed's Home: each row a Label with its icon.
            return .list("My App", sections: [ListSection(rows: [
                ListRow("My Profile", to: .push(.userDetail(userId: currentUserId(context.state) ?? Self.defaultUserId)), in: context,
                        systemImage: "person"),
                ListRow("My Orders", to: .push(.orderHistory), in: context, systemImage: "bag"),
                ListRow("Settings", to: .push(.settings), in: context, systemImage: "gear"),
                ListRow("Search", to: .present(.search), in: context, systemImage: "magnifyingglass"),
                try await recipeOfTheDay(context),
            ]), ListSection("People", rows: try await store.users().map { user in
                ListRow(user.name, subtitle: "User \(user.id)", to: .push(.userDetail(userId: user.id)), in: context,
                        systemImage: "person.crop.circle")
            })]).observing(DemoTopic.users)
        case .recipes:
            let counts = try await store.recipeCounts()
            return .list("Categories", sections: [ListSection(rows: try await store.categories().map { category in
                ListRow(category.name, value: "\(counts[category.id, default: 0])",
                        to: .push(.category(categoryId: category.id)), in: context, systemImage: Self.symbol(of: category.id))
            })]).toolbar([planDinnerButton(context)])
        case .orders:
            // The seeds' OrderListView: a row presents the order as a sheet (`sheet(item:)`).
            return .list("Orders", sections: [ListSection(rows: try await store.orders().map { order in
                ListRow(order.title, subtitle: order.id, value: order.amount,
                        to: .present(.order(orderId: order.id)), in: context)
            })], whenEmpty: noOrders(context)).toolbar([newOrderButton(context)]).observing(DemoTopic.orders)
        case .profile:
            guard let userId = currentUserId(context.state) else {
                return .list("Signed Out", sections: [ListSection(footer: "Signing in again starts every tab afresh.", rows: [
                    ListRow("Sign In", buttons: [.submit("Sign In as Alex", action: "switchAccount",
                                                         fields: ["user": String(Self.defaultUserId)])], context: context),
                ])])
            }
            return try await profile(of: userId, context)
        case .find:
            return try await searchScreen(context, inSheet: false)
        case .saved:
            return .list("Saved", sections: [ListSection(footer: "Shown from Settings › Customize Tabs.", rows: [
                ListRow("Apple Pie", to: .push(.recipe(recipeId: "apple-pie")), in: context),
                ListRow("Pad Thai", to: .push(.recipe(recipeId: "pad-thai")), in: context),
            ])])
        case .beta:
            return .list("Beta", sections: [ListSection(footer: "This tab shows while the Beta flag is on in Settings.", rows: [
                ListRow("Recipe of the Week", subtitle: "Tiramisu", to: .push(.recipe(recipeId: "tiramisu")), in: context),
                ListRow("Settings", to: .push(.settings), in: context),
            ])])
        }
    }

    public func screen(for route: DemoRoute, context: ScreenContext<DemoNavigation>) async throws -> Screen {
        switch route {
        case .userDetail(let userId):
            return try await profile(of: userId, context)
        case .settings:
            let beta = context.state.features.contains(DemoNavigation.betaFeature)
            return .list("Settings", sections: [
                ListSection("Appearance", rows: [ListRow("Theme", value: "System"), ListRow("App Icon", value: "Default")]),
                ListSection("Account", rows: [ListRow("Notifications", value: "On"), ListRow("Privacy")]),
                ListSection("Tabs", rows: [ListRow("Customize Tabs", to: .push(.customizeTabs), in: context)]),
                ListSection("Welcome", rows: [
                    ListRow("Show Onboarding Again", to: .present(.onboarding(.welcome)), in: context),
                ]),
                ListSection("Labs", footer: "Shows the Beta tab; it keeps its place while hidden.", rows: [
                    ListRow("Beta Tab", value: beta ? "On" : "Off", buttons: [
                        .submit(beta ? "Turn Off" : "Turn On", action: "setBeta", fields: ["on": beta ? "0" : "1"]),
                    ], context: context),
                ]),
                // Seed 003's red button: every tab back at its first screen, nothing else lost.
                ListSection(footer: "Every tab starts again at its first screen; tabs and Labs stay as they are.", rows: [
                    ListRow("Navigation History", buttons: [
                        .submit("Clear Navigation History", role: .destructive, action: "clearHistory"),
                    ], context: context),
                ]),
            ])
        case .customizeTabs:
            return try customizeTabsScreen(context)
        case .orderHistory:
            return .list("Order History", sections: [try await orderRows(context)], whenEmpty: noOrders(context))
                .observing(DemoTopic.orders)
        case .orderDetail(let orderId):
            let order = try await order(orderId)
            return .list(order.id, sections: [
                orderFacts(order),
                ListSection(rows: [
                    ListRow("Options…", to: .present(.orderOptions(orderId: order.id)), in: context),
                    ListRow("Receipt", to: .present(.receipt(orderId: order.id)), in: context),
                ]),
            ]).navigationBarTitleDisplayMode(.inline).toolbar([
                ToolbarItem("Edit", placement: .primaryAction, to: .present(.editOrder(orderId: order.id)), in: context),
                ToolbarItem("Delete Order", systemImage: "trash", placement: .destructiveAction,
                            to: .present(.deleteOrder(orderId: order.id)), in: context),
            ]).observing(DemoTopic.order(order.id))
        case .category(let categoryId):
            let category = try await category(categoryId)
            // The WWDC sample's zoom: a recipe grows out of its row, and shrinks back into it.
            return .list(category.name, sections: [ListSection(rows: try await store.recipes(inCategory: category.id).map { recipe in
                recipeRow(recipe, context).matchedTransitionSource(id: recipe.id)
            })])
        case .recipe(let recipeId):
            let recipe = try await recipe(recipeId)
            let categoryName = (try? await category(recipe.categoryId).name) ?? recipe.categoryId
            let related = try await store.recipes(ids: recipe.related).map { recipeRow($0, context) }
            return .list(recipe.name, sections: [
                ListSection(footer: recipe.summary, rows: [
                    ListRow("Category", value: categoryName),
                    ListRow("Time", value: "\(recipe.minutes) min"),
                ]),
                ListSection("Ingredients", rows: recipe.ingredients.map { ListRow($0) }),
                ListSection("Related Recipes", rows: related),
            ]).navigationTransition(.zoom(sourceID: recipe.id))
                .toolbar(cookingToolbar(for: recipe, context: context))
        }
    }

    /// The seeds' `UserProfileView`: the account, then links into the same stack, and the other
    /// people, as a social app's profile leads from person to person: Home's stack grows as deep
    /// as a person clicks (Alex › Jordan › Alex › … › Order History › an order).
    private func profile(of userId: Int, _ context: ScreenContext<DemoNavigation>) async throws -> Screen {
        let user = try await user(userId)
        let account = userId == currentUserId(context.state) && context.state.path.isEmpty
            ? [try await accountSection(signedIn: userId, context)] : []
        let others = try await store.users().filter { $0.id != userId }.map { other in
            ListRow(other.name, subtitle: "User \(other.id)", to: .push(.userDetail(userId: other.id)), in: context)
        }
        return .list(user.name, sections: [
            ListSection("Account", rows: [
                ListRow("User ID", value: String(user.id)),
                ListRow("Member since", value: String(user.memberSince)),
            ]),
            ListSection(rows: [
                ListRow("Order History", to: .push(.orderHistory), in: context),
                ListRow("Settings", to: .push(.settings), in: context),
            ]),
        ] + (others.isEmpty ? [] : [ListSection("People", rows: others)]) + (userId == currentUserId(context.state) ? [ListSection("Me", rows: [
            ListRow("Edit Profile", to: .present(.editProfile), in: context),
            ListRow("Photo", to: .present(.photo), in: context),
            ListRow("Options", to: .present(.options), in: context),
            ListRow("About", to: .present(.about), in: context),
        ])] + account : [])).observing(DemoTopic.users)
    }

    /// The seeds' `LabeledContent` rows of an order, on its screen and in its sheet.
    func orderFacts(_ order: Demo.Order) -> ListSection {
        ListSection(rows: [
            ListRow("ID", value: order.id),
            ListRow("Title", value: order.title),
            ListRow("Amount", value: order.amount),
            ListRow("Date", value: order.date),
        ])
    }

    /// The Orders list's "+" (`sheet(isPresented:)` of the seeds' `AddItemView`).
    func newOrderButton(_ context: ScreenContext<DemoNavigation>) -> ToolbarItem {
        ToolbarItem("New Order", systemImage: "plus", to: .present(.newOrder), in: context)
            .matchedTransitionSource(id: "new-order")
    }

    /// The seeds' `showRecipeOfTheDay`: the Recipes tab pops to root and pushes the recipe.
    /// The Orders list with none: what to do about it (`ContentUnavailableView`).
    func noOrders(_ context: ScreenContext<DemoNavigation>) -> ContentUnavailable {
        ContentUnavailable("No Orders", systemImage: "bag", description: "Orders you place appear here.",
                           action: .init("New Order", href: context.href(.present(.newOrder))))
    }

    /// A recipe category's icon, as the WWDC sample's categories have theirs.
    static func symbol(of category: String) -> String? {
        categorySymbols[category]
    }

    private static let categorySymbols = [
        "breakfast": "cup.and.saucer", "mains": "flame", "desserts": "star", "drinks": "sparkles",
    ]

    private func recipeOfTheDay(_ context: ScreenContext<DemoNavigation>) async throws -> ListRow {
        let ids = try await store.recipeIds()
        let day = Self.dayOfYear()
        guard !ids.isEmpty, let recipe = try await store.recipe(id: ids[day % ids.count]) else {
            return ListRow("Recipe of the Day", value: "None")
        }
        return ListRow("Recipe of the Day", subtitle: recipe.name,
                       href: context.href(opening: Location(tab: .recipes, path: [.recipe(recipeId: recipe.id)])),
                       systemImage: "book")
    }

    /// The day of the year in the server's time zone, 1 on January 1st: as Foundation's
    /// Gregorian calendar counts it, without making a calendar for every Home page.
    static func dayOfYear(_ now: time_t = time(nil)) -> Int {
        var seconds = now
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 1 }
        return Int(parts.tm_yday) + 1
    }

    /// Switch Account and Sign Out: context changes that reset every stack.
    private func accountSection(signedIn userId: Int, _ context: ScreenContext<DemoNavigation>) async throws -> ListSection {
        let others = try await store.users().filter { $0.id != userId }
        return ListSection("Account", footer: "Switching accounts starts every tab afresh.",
                           rows: others.map { other in
            ListRow("Switch to \(other.name)", buttons: [
                .submit("Switch", action: "switchAccount", fields: ["user": String(other.id)]),
            ], context: context)
        } + [ListRow("Sign Out", buttons: [.submit("Sign Out", role: .destructive, action: "signOut")], context: context)])
    }

    private func orderRows(_ context: ScreenContext<DemoNavigation>) async throws -> ListSection {
        ListSection(rows: try await store.orders().map { order in
            ListRow(order.title, subtitle: order.id, value: order.amount,
                    to: .push(.orderDetail(orderId: order.id)), in: context)
        })
    }

    private func recipeRow(_ recipe: Demo.Recipe, _ context: ScreenContext<DemoNavigation>) -> ListRow {
        ListRow(recipe.name, subtitle: recipe.summary, value: "\(recipe.minutes) min",
                to: .push(.recipe(recipeId: recipe.id)), in: context)
    }
}
