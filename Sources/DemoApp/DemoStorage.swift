import NavigationHTML

/// The demo's data, wherever it lives: what its screens read and its forms write. The screens
/// do not know which store answers: ``DemoStore`` keeps it in an SQLite file (the embedded
/// default), ``PostgresDemoStore`` in PostgreSQL.
///
/// Contracts, the same for every store:
/// - The schema and the seed content come with the store, migrated by version as it opens.
/// - Lists come back in a stable order: the seed's order, then creation order for new orders.
/// - Text is stored and read back exactly as given; user text reaches SQL only as arguments.
/// - Each write is one transaction: concurrent edits are never lost, order ids never reused.
/// - A store that cannot reach its database throws `HTTPError.unavailable` (503 with
///   `Retry-After`), never a plain error that would answer 500.
/// - Each write moves the versions of the topics it changes (``DemoTopic``) in its own
///   transaction, and announces them once committed (`TopicStore`): its list's and its item's.
///
/// An SQLite store answers at once (its requirements are met by synchronous methods); a
/// PostgreSQL store awaits the network without holding a server thread.
public protocol DemoStorage: TopicStore {
    /// Runs `body`, every read of one page, so that they see one snapshot of the data and
    /// share a connection (see `NavigationApp.reading(_:)`).
    func reading<Result>(_ body: () async throws -> Result) async throws -> Result

    /// The names of these items, by position in each list (see ``Demo/Names``): one query
    /// however many screens a request holds.
    func names(users: [Int], orders: [String], categories: [String], recipes: [String]) async throws -> Demo.Names

    func users() async throws -> [Demo.User]
    func user(id: Int) async throws -> Demo.User?
    /// - Returns: false when no user has this id (nothing is written).
    func updateUser(id: Int, name: String) async throws -> Bool

    func orders() async throws -> [Demo.Order]
    func order(id: String) async throws -> Demo.Order?
    /// - Returns: false when the order does not exist (any more); nothing is written then.
    func updateOrder(id: String, title: String, cents: Int) async throws -> Bool
    /// - Returns: false when the order did not exist (any more).
    func deleteOrder(id: String) async throws -> Bool
    /// Creates an order placed today with the next id ("ORD-004", …); ids of deleted orders are
    /// never reused.
    func createOrder(title: String, cents: Int) async throws -> Demo.Order
    /// Creates an order placed on `placedOn` (`YYYY-MM-DD`), unless `submission` (a form's
    /// identifier) already created one: that order comes back then, and nothing is written, so a
    /// form posted twice, even at once, creates one order.
    func createOrder(title: String, cents: Int, placedOn: String, submission: String?) async throws -> Demo.Order

    func categories() async throws -> [Demo.Category]
    func category(id: String) async throws -> Demo.Category?
    /// The recipes of a category, complete with their lists; empty for an unknown category.
    func recipes(inCategory categoryId: String) async throws -> [Demo.Recipe]
    func recipe(id: String) async throws -> Demo.Recipe?
    /// The recipes with these ids, complete with their lists, in the order asked; an id that
    /// names no recipe is left out. A fixed number of statements for any number of ids, so that
    /// a screen's list of related recipes costs what one recipe does.
    func recipes(ids: [String]) async throws -> [Demo.Recipe]
    /// How many recipes each category holds, by category id; a category without any is absent.
    func recipeCounts() async throws -> [String: Int]
    /// Every recipe's id in list order: the categories' order, then each category's own.
    func recipeIds() async throws -> [String]

    /// Recipes whose name contains `text`, ignoring case; `%`, `_` and `\` match themselves.
    func searchRecipes(_ text: String) async throws -> [Demo.Recipe]
    /// Orders whose "id title" contains `text`, ignoring case, in list order.
    func searchOrders(_ text: String) async throws -> [Demo.Order]
}
