#if PostgreSQL
import Foundation
import HTTPTestSupport
import Testing

/// How many statements a page costs on PostgreSQL, counted in the server's own statement log:
/// an order page and a recipe page read their data in a fixed, small number of statements, every
/// one prepared (postgres-nio names it; a plain query is `<unnamed>` and parsed every time), after
/// any write; and in one statement, the snapshot's, while nothing was written since they were read
/// (see `PostgresDemoStore.keptAnswers`). A change that makes a page read something twice, or a read that
/// stops being prepared or kept, fails here rather than showing up as a slower page under load.
@Suite(.serialized) struct StatementCountTests {
    /// Each page's statements after a write, in the order the store sends them (after the
    /// snapshot, which has moved, its transaction and the snapshot it reads at).
    static let pages: [(path: String, statements: [String])] = [
        // The titles (with the order itself, whole), the Orders list of the split view's
        // sidebar, the topic versions for its live updates.
        ("/orders/order/ORD-001", ["Items", "Orders", "TopicVersions"]),
        // The titles (with the category, whole), the recipe with its related recipes, the
        // split view's categories and the category's recipes.
        ("/recipes/category/desserts/recipe/apple-pie",
         ["Items", "RecipeWithRelated", "Categories", "RecipesInCategory"]),
        // The list drawn by the screen and by the sidebar is read once.
        ("/orders", ["Orders", "TopicVersions"]),
    ]

    @Test(.enabled(if: PostgresCluster.isInstalled))
    func anOrderPageAndARecipePageMakeAFewPreparedStatements() async throws {
        let cluster = try await onThread { try PostgresCluster() }
        defer { cluster.destroy() }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try cluster.psql("ALTER SYSTEM SET log_statement = 'all'")
        // Its transactions would move the snapshot at moments the test does not choose.
        try cluster.psql("ALTER SYSTEM SET autovacuum = off")
        try cluster.psql("SELECT pg_reload_conf()")
        // As `navigation-demo` runs: its pool open.
        try await withDemoServer(dataDirectory: data, database: cluster.url, keepsDatabaseConnectionsOpen: true) {
            (port: Int) throws in
            let user = UserAgent(port: port)
            for page in Self.pages {
                // Once first: the cookie then holds every tab's stack, as a user's does, and the
                // connection has prepared its statements.
                #expect(try user.get(page.path).status == 200)
                // A transaction that is given a number moves the snapshot as a write does.
                try cluster.psql("SELECT pg_current_xact_id()")
                var (status, statements) = try cluster.counting { try user.get(page.path).status }
                #expect(status == 200)
                #expect(statements == ["CurrentSnapshot", "Begin", "CurrentSnapshot"] + page.statements + ["Commit"],
                        "\(page.path)")
                (status, statements) = try cluster.counting { try user.get(page.path).status }
                #expect(status == 200)
                #expect(statements == ["CurrentSnapshot"], "\(page.path)")
            }
            // A page that reads nothing of the store makes no statement, whatever moved.
            try cluster.psql("SELECT pg_current_xact_id()")
            let (status, statements) = try cluster.counting { try user.get("/no-such-page").status }
            #expect(status == 404)
            #expect(statements == [])
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
