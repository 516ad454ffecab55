#if PostgreSQL
import Foundation
import HTTPTestSupport
import Testing

/// How many statements a page costs on PostgreSQL, counted in the server's own statement log:
/// an order page and a recipe page read their data in a fixed, small number of statements, every
/// one prepared (postgres-nio names it; a plain query is `<unnamed>` and parsed every time). A
/// change that makes a page read something twice, or a read that stops being prepared, fails here
/// rather than showing up as a slower page under load.
@Suite(.serialized) struct StatementCountTests {
    /// Each page's statements, in the order the store sends them.
    static let pages: [(path: String, statements: [String])] = [
        // The titles (with the order itself, whole), the Orders list of the split view's
        // sidebar, the topic versions for its live updates.
        ("/orders/order/ORD-001", ["Begin", "Items", "Orders", "TopicVersions", "Commit"]),
        // The titles (with the category, whole), the recipe with its related recipes, the
        // split view's categories and the category's recipes.
        ("/recipes/category/desserts/recipe/apple-pie",
         ["Begin", "Items", "RecipeWithRelated", "Categories", "RecipesInCategory", "Commit"]),
        // The list drawn by the screen and by the sidebar is read once.
        ("/orders", ["Begin", "Orders", "TopicVersions", "Commit"]),
    ]

    @Test(.enabled(if: PostgresCluster.isInstalled))
    func anOrderPageAndARecipePageMakeAFewPreparedStatements() async throws {
        let cluster = try await onThread { try PostgresCluster() }
        defer { cluster.destroy() }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try cluster.psql("ALTER SYSTEM SET log_statement = 'all'")
        try cluster.psql("SELECT pg_reload_conf()")
        // As `navigation-demo` runs: its pool open.
        try await withDemoServer(dataDirectory: data, database: cluster.url, keepsDatabaseConnectionsOpen: true) {
            (port: Int) throws in
            let user = UserAgent(port: port)
            for page in Self.pages {
                // Once first: the cookie then holds every tab's stack, as a user's does, and the
                // connection has prepared its statements.
                #expect(try user.get(page.path).status == 200)
                let before = cluster.log.utf8.count
                #expect(try user.get(page.path).status == 200)
                let statements = Self.statements(in: String(cluster.log.utf8.dropFirst(before)) ?? "")
                #expect(statements == page.statements, "\(page.path)")
            }
        }
    }

    /// The statements a log excerpt shows: the prepared statement's name without its module and
    /// namespace (`DemoApp.PostgresStatements.Orders` is `Orders`), a plain query's text.
    static func statements(in log: String) -> [String] {
        log.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "LOG:  execute ") ?? line.range(of: "LOG:  statement: ") else { return nil }
            let statement = line[start.upperBound...]
            guard statement.hasPrefix("DemoApp.PostgresStatements."), let colon = statement.firstIndex(of: ":") else {
                return String(statement)
            }
            return String(statement[..<colon].dropFirst("DemoApp.PostgresStatements.".count))
        }
    }
}
#endif
