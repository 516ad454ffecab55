import Foundation
import Navigation
import NavigationHTML

extension DemoApp {
    public func root(of tab: DemoTab, context: ScreenContext<DemoNavigation>) async throws -> Screen {
        switch tab {
        case .home:
            // The seed's Home: each row a Label with its icon.
            return .list("My App", sections: [ListSection(rows: [
                ListRow("My Profile", href: context.href(.push(.userDetail(userId: currentUserId(context.state) ?? Self.defaultUserId))),
                        systemImage: "person"),
                ListRow("My Orders", href: context.href(.push(.orderHistory)), systemImage: "bag"),
                ListRow("Settings", href: context.href(.push(.settings)), systemImage: "gear"),
                ListRow("Search", href: context.href(.present(.search)), systemImage: "magnifyingglass"),
                try await recipeOfTheDay(context),
            ]), ListSection("People", rows: try await store.users().map { user in
                ListRow(user.name, subtitle: "User \(user.id)", href: context.href(.push(.userDetail(userId: user.id))),
                        systemImage: "person.crop.circle")
            })]).observing(DemoTopic.users)
        case .recipes:
            let counts = try await store.recipeCounts()
            return .list("Categories", sections: [ListSection(rows: try await store.categories().map { category in
                ListRow(category.name, value: "\(counts[category.id, default: 0])",
                        href: context.href(.push(.category(categoryId: category.id))), systemImage: Self.symbol(of: category.id))
            })])
        case .orders:
            // The seeds' OrderListView: a row presents the order as a sheet (`sheet(item:)`).
            return .list("Orders", sections: [ListSection(rows: try await store.orders().map { order in
                ListRow(order.title, subtitle: order.id, value: order.amount,
                        href: context.href(.present(.order(orderId: order.id))))
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
                ListRow("Apple Pie", href: context.href(.push(.recipe(recipeId: "apple-pie")))),
                ListRow("Pad Thai", href: context.href(.push(.recipe(recipeId: "pad-thai")))),
            ])])
        case .beta:
            return .list("Beta", sections: [ListSection(footer: "This tab shows while the Beta flag is on in Settings.", rows: [
                ListRow("Recipe of the Week", subtitle: "Tiramisu", href: context.href(.push(.recipe(recipeId: "tiramisu")))),
                ListRow("Settings", href: context.href(.push(.settings))),
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
                ListSection("Tabs", rows: [ListRow("Customize Tabs", href: context.href(.push(.customizeTabs)))]),
                ListSection("Welcome", rows: [
                    ListRow("Show Onboarding Again", href: context.href(.present(.onboarding(.welcome)))),
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
                    ListRow("Options…", href: context.href(.present(.orderOptions(orderId: order.id)))),
                    ListRow("Receipt", href: context.href(.present(.receipt(orderId: order.id)))),
                ]),
            ]).navigationBarTitleDisplayMode(.inline).toolbar([
                ToolbarItem("Edit", placement: .primaryAction, href: context.href(.present(.editOrder(orderId: order.id)))),
                ToolbarItem("Delete Order", systemImage: "trash", placement: .destructiveAction,
                            href: context.href(.present(.deleteOrder(orderId: order.id)))),
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
            ListRow(other.name, subtitle: "User \(other.id)", href: context.href(.push(.userDetail(userId: other.id))))
        }
        return .list(user.name, sections: [
            ListSection("Account", rows: [
                ListRow("User ID", value: String(user.id)),
                ListRow("Member since", value: String(user.memberSince)),
            ]),
            ListSection(rows: [
                ListRow("Order History", href: context.href(.push(.orderHistory))),
                ListRow("Settings", href: context.href(.push(.settings))),
            ]),
        ] + (others.isEmpty ? [] : [ListSection("People", rows: others)]) + (userId == currentUserId(context.state) ? [ListSection("Me", rows: [
            ListRow("Edit Profile", href: context.href(.present(.editProfile))),
            ListRow("Photo", href: context.href(.present(.photo))),
            ListRow("Options", href: context.href(.present(.options))),
            ListRow("About", href: context.href(.present(.about))),
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
        ToolbarItem("New Order", systemImage: "plus", href: context.href(.present(.newOrder)))
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
        let day = Calendar(identifier: .gregorian).ordinality(of: .day, in: .year, for: Date()) ?? 1
        guard !ids.isEmpty, let recipe = try await store.recipe(id: ids[day % ids.count]) else {
            return ListRow("Recipe of the Day", value: "None")
        }
        return ListRow("Recipe of the Day", subtitle: recipe.name,
                       href: context.href(opening: Location(tab: .recipes, path: [.recipe(recipeId: recipe.id)])),
                       systemImage: "book")
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
                    href: context.href(.push(.orderDetail(orderId: order.id))))
        })
    }

    private func recipeRow(_ recipe: Demo.Recipe, _ context: ScreenContext<DemoNavigation>) -> ListRow {
        ListRow(recipe.name, subtitle: recipe.summary, value: "\(recipe.minutes) min",
                href: context.href(.push(.recipe(recipeId: recipe.id))))
    }
}
