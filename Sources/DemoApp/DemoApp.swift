import MicroHTTP
import Navigation
import NavigationHTML

/// The seed documents' examples as one app: Home is the seeds' complete navigation example,
/// Recipes the WWDC recipe browser, Orders and Profile their own stacks.
public struct DemoApp: NavigationApp {
    public typealias Schema = DemoNavigation
    public let name = "Navigation Demo"
    let store: any DemoStorage
    /// The account a fresh visitor is signed in to.
    static let defaultUserId = 1
    /// The context value of a signed-out visitor.
    static let signedOut = "signed-out"

    /// The signed-in account, from the navigation context; nil when signed out.
    func currentUserId(_ state: NavigationState<DemoNavigation>) -> Int? {
        switch state.context {
        case nil: Self.defaultUserId
        case Self.signedOut?: nil
        case let id?: Int(id)
        }
    }

    /// The signed-in account, or a 404 for screens that need one.
    func signedInUser(_ state: NavigationState<DemoNavigation>) async throws -> Demo.User {
        guard let id = currentUserId(state) else { throw HTTPError(.notFound, "You are signed out.") }
        return try await user(id)
    }

    public init(store: any DemoStorage) {
        self.store = store
    }

    public func title(for route: DemoRoute) async throws -> String {
        switch route {
        case .userDetail(let userId):
            return try await user(userId).name
        case .settings:
            return "Settings"
        case .orderHistory:
            return "Order History"
        case .orderDetail(let orderId):
            return try await order(orderId).id
        case .category(let categoryId):
            return try await category(categoryId).name
        case .recipe(let recipeId):
            return try await recipe(recipeId).name
        case .customizeTabs:
            return "Customize Tabs"
        }
    }

    func user(_ id: Int) async throws -> Demo.User {
        guard let user = try await store.user(id: id) else { throw HTTPError(.notFound, "There is no user \(id).") }
        return user
    }

    func order(_ id: String) async throws -> Demo.Order {
        guard let order = try await store.order(id: id) else { throw HTTPError(.notFound, "There is no order “\(id)”.") }
        return order
    }

    func category(_ id: String) async throws -> Demo.Category {
        guard let category = try await store.category(id: id) else {
            throw HTTPError(.notFound, "There is no recipe category “\(id)”.")
        }
        return category
    }

    func recipe(_ id: String) async throws -> Demo.Recipe {
        guard let recipe = try await store.recipe(id: id) else { throw HTTPError(.notFound, "There is no recipe “\(id)”.") }
        return recipe
    }
}

extension DemoApp {
    /// All of a request's titles from one read of the store.
    /// A page's titles, lists and items come from one snapshot of the store.
    public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
        try await store.reading(body)
    }

    public func titles(of routes: Set<DemoRoute>) async throws -> [DemoRoute: String] {
        var titles: [DemoRoute: String] = [:]
        titles.reserveCapacity(routes.count)
        var users: [Int] = [], orders: [String] = [], categories: [String] = [], recipes: [String] = []
        for route in routes {
            switch route {
            case .userDetail(let id): users.append(id)
            case .orderDetail(let id): orders.append(id)
            case .category(let id): categories.append(id)
            case .recipe(let id): recipes.append(id)
            case .settings, .orderHistory, .customizeTabs: titles[route] = try await title(for: route)
            }
        }
        // The names answer the ids by position: no id is read back from the database or hashed
        // on its own, only each route once as it is stored. Sorted, because the stores keep the
        // answer under the ids asked, and a set's order differs from one set to the next: the
        // same screens would miss it on every page.
        users.sort()
        orders.sort()
        categories.sort()
        recipes.sort()
        let names = try await store.names(users: users, orders: orders, categories: categories, recipes: recipes)
        for (id, name) in zip(users, names.users) { titles[.userDetail(userId: id)] = name }
        for (id, exists) in zip(orders, names.orders) where exists { titles[.orderDetail(orderId: id)] = id }
        for (id, name) in zip(categories, names.categories) { titles[.category(categoryId: id)] = name }
        for (id, name) in zip(recipes, names.recipes) { titles[.recipe(recipeId: id)] = name }
        return titles
    }
}
