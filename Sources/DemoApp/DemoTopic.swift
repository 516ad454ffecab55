import Navigation

/// The topics of the demo's data (see `Topic`): a list and each of its items. A write
/// publishes the item's and its list's; a screen observes what it shows.
enum DemoTopic {
    static let orders: Topic = "orders"
    static let users: Topic = "users"

    static func order(_ id: String) -> Topic { Topic("orders/\(id)") }
    static func user(_ id: Int) -> Topic { Topic("users/\(id)") }

    /// What a write to order `id` (an edit, a deletion, its creation) moves: it and its list.
    static func written(order id: String) -> [Topic] { [orders, order(id)] }
    /// What a write to user `id` moves: it and its list.
    static func written(user id: Int) -> [Topic] { [users, user(id)] }
}
