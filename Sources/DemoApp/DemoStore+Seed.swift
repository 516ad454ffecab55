import GRDB

extension DemoStore {
    /// Inserts the content every fresh demo starts with. Called by migration "v1" only.
    ///
    /// Positions record the order of each list, since SQL tables have none of their own.
    static func insertSeed(_ db: Database) throws {
        for user in Seed.users {
            try UserRecord(user).insert(db)
        }
        // The columns of "v1" named: later migrations add to the table, and this one's rows stay
        // what they were.
        for order in Seed.orders {
            try db.execute(sql: "INSERT INTO purchase (id, title, cents) VALUES (?, ?, ?)",
                           arguments: [order.id, order.title, order.cents])
        }
        // New order ids continue after the seed's: ORD-004 is the first one created.
        let lastOrderNumber = Seed.orders.compactMap { orderNumber(fromID: $0.id) }.max() ?? 0
        try IdSequenceRecord(name: IdSequenceRecord.order, lastValue: lastOrderNumber).insert(db)
        for (position, category) in Seed.categories.enumerated() {
            try CategoryRecord(id: category.id, name: category.name, position: position).insert(db)
        }
        for (position, recipe) in Seed.recipes.enumerated() {
            try RecipeRecord(id: recipe.id, name: recipe.name, categoryId: recipe.categoryId,
                             minutes: recipe.minutes, summary: recipe.summary, position: position).insert(db)
            for (position, name) in recipe.ingredients.enumerated() {
                try RecipeIngredientRecord(recipeId: recipe.id, position: position, name: name).insert(db)
            }
            // Recipes may name recipes seeded after them; the migration checks foreign keys
            // at commit, once every recipe is in.
            for (position, relatedId) in recipe.related.enumerated() {
                try RecipeRelationRecord(recipeId: recipe.id, relatedId: relatedId, position: position).insert(db)
            }
        }
    }

    /// The seed content: the seeds' users and orders, and the WWDC recipe sample. Migration "v1"
    /// writes it; change it only through a new migration, or existing files and new ones differ.
    enum Seed {
        static let users: [Demo.User] = [
            .init(id: 1, name: "Alex Appleseed", memberSince: 2024),
            .init(id: 42, name: "Jordan Rivers", memberSince: 2021),
        ]
        static let orders: [Demo.Order] = [
            .init(id: "ORD-001", title: "Electronics", cents: 29999, placedOn: "2026-10-02"),
            .init(id: "ORD-002", title: "Books", cents: 4500, placedOn: "2026-10-18"),
            .init(id: "ORD-003", title: "Clothing", cents: 8999, placedOn: "2026-11-05"),
        ]
        static let categories: [Demo.Category] = [
            .init(id: "breakfast", name: "Breakfast"),
            .init(id: "mains", name: "Mains"),
            .init(id: "desserts", name: "Desserts"),
            .init(id: "drinks", name: "Drinks"),
        ]
        static let recipes: [Demo.Recipe] = [
            .init(id: "pancakes", name: "Pancakes", categoryId: "breakfast", minutes: 20,
                  summary: "Fluffy buttermilk pancakes.", ingredients: ["Flour", "Buttermilk", "Eggs", "Butter"],
                  related: ["granola", "apple-pie"]),
            .init(id: "shakshuka", name: "Shakshuka", categoryId: "breakfast", minutes: 30,
                  summary: "Eggs poached in a spiced tomato sauce.", ingredients: ["Eggs", "Tomatoes", "Peppers", "Cumin"],
                  related: ["pancakes"]),
            .init(id: "granola", name: "Granola", categoryId: "breakfast", minutes: 40,
                  summary: "Crunchy oven-baked oats with honey.", ingredients: ["Oats", "Honey", "Almonds"],
                  related: ["pancakes", "mango-lassi"]),
            .init(id: "lasagna", name: "Lasagna", categoryId: "mains", minutes: 90,
                  summary: "Layers of pasta, ragù and béchamel.", ingredients: ["Pasta sheets", "Beef", "Tomatoes", "Milk"],
                  related: ["mushroom-risotto", "tiramisu"]),
            .init(id: "pad-thai", name: "Pad Thai", categoryId: "mains", minutes: 35,
                  summary: "Stir-fried rice noodles with tamarind.", ingredients: ["Rice noodles", "Tamarind", "Peanuts", "Tofu"],
                  related: ["chicken-curry", "mango-lassi"]),
            .init(id: "chicken-curry", name: "Chicken Curry", categoryId: "mains", minutes: 50,
                  summary: "A mild curry with coconut milk.", ingredients: ["Chicken", "Coconut milk", "Curry paste"],
                  related: ["pad-thai", "mango-lassi"]),
            .init(id: "mushroom-risotto", name: "Mushroom Risotto", categoryId: "mains", minutes: 45,
                  summary: "Creamy arborio rice with porcini.", ingredients: ["Arborio rice", "Mushrooms", "Parmesan"],
                  related: ["lasagna"]),
            .init(id: "apple-pie", name: "Apple Pie", categoryId: "desserts", minutes: 75,
                  summary: "A lattice-topped pie of cinnamon apples.", ingredients: ["Apples", "Flour", "Butter", "Cinnamon"],
                  related: ["lemon-tart", "chocolate-cake", "pancakes"]),
            .init(id: "chocolate-cake", name: "Chocolate Cake", categoryId: "desserts", minutes: 60,
                  summary: "A dark, moist layer cake.", ingredients: ["Cocoa", "Flour", "Sugar", "Eggs"],
                  related: ["apple-pie", "tiramisu", "hot-chocolate"]),
            .init(id: "lemon-tart", name: "Lemon Tart", categoryId: "desserts", minutes: 55,
                  summary: "Sharp lemon curd in shortcrust.", ingredients: ["Lemons", "Eggs", "Sugar", "Butter"],
                  related: ["apple-pie", "lemonade"]),
            .init(id: "tiramisu", name: "Tiramisu", categoryId: "desserts", minutes: 30,
                  summary: "Coffee-soaked ladyfingers and mascarpone.", ingredients: ["Ladyfingers", "Mascarpone", "Coffee"],
                  related: ["chocolate-cake", "lasagna"]),
            .init(id: "lemonade", name: "Lemonade", categoryId: "drinks", minutes: 10,
                  summary: "Fresh lemons, sugar and ice.", ingredients: ["Lemons", "Sugar", "Water"],
                  related: ["lemon-tart", "mango-lassi"]),
            .init(id: "hot-chocolate", name: "Hot Chocolate", categoryId: "drinks", minutes: 10,
                  summary: "Thick and rich, for cold days.", ingredients: ["Milk", "Dark chocolate"],
                  related: ["chocolate-cake"]),
            .init(id: "mango-lassi", name: "Mango Lassi", categoryId: "drinks", minutes: 5,
                  summary: "Mango blended with yoghurt.", ingredients: ["Mango", "Yoghurt", "Cardamom"],
                  related: ["pad-thai", "lemonade"]),
        ]
    }
}
