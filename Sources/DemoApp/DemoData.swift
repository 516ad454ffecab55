/// The demo's content: the seeds' users and orders, and the WWDC recipe sample.
struct DemoData: Sendable {
    struct User: Sendable {
        let id: Int
        let name: String
        let memberSince: Int
    }

    struct Order: Sendable {
        let id: String
        let title: String
        let cents: Int
        var amount: String { "$\(cents / 100).\(String(format: "%02d", cents % 100))" }
    }

    struct Category: Sendable {
        let id: String
        let name: String
    }

    struct Recipe: Sendable {
        let id: String
        let name: String
        let categoryId: String
        let minutes: Int
        let summary: String
        let ingredients: [String]
        let related: [String]
    }

    let users: [User]
    let orders: [Order]
    let categories: [Category]
    let recipes: [Recipe]

    func user(_ id: Int) -> User? { users.first { $0.id == id } }
    func order(_ id: String) -> Order? { orders.first { $0.id == id } }
    func category(_ id: String) -> Category? { categories.first { $0.id == id } }
    func recipe(_ id: String) -> Recipe? { recipes.first { $0.id == id } }
    func recipes(in categoryId: String) -> [Recipe] { recipes.filter { $0.categoryId == categoryId } }
}
