import DemoApp
import Foundation
import Testing

/// The reads that answer a whole list at once (a recipe's related recipes, the categories'
/// counts, the recipe of the day's list) agree with the one-by-one reads they replace. On
/// PostgreSQL when the suites run against it, else on SQLite.
@Suite struct StoreBatchReadTests {
    @Test func batchReadsAgreeWithOneByOneReads() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try await DemoDatabase.withStore(for: data) { store in
            var oneByOne: [Demo.Recipe] = []
            for category in try await store.categories() { oneByOne += try await store.recipes(inCategory: category.id) }
            #expect(oneByOne.count > 10)
            #expect(try await store.recipeIds() == oneByOne.map(\.id))

            let counts = try await store.recipeCounts()
            for category in try await store.categories() {
                #expect(counts[category.id] == (try await store.recipes(inCategory: category.id).count))
            }

            // The order asked, repeats answered again, unknown and hostile ids left out.
            let asked = ["lemon-tart", "no-such-recipe", "apple-pie", "\u{0}", "lemon-tart", "', 'x", "pancakes"]
            var expected: [Demo.Recipe] = []
            for id in asked { if let recipe = try await store.recipe(id: id) { expected.append(recipe) } }
            let batch = try await store.recipes(ids: asked)
            #expect(batch.map(\.id) == ["lemon-tart", "apple-pie", "lemon-tart", "pancakes"])
            #expect(batch == expected)
            #expect(try await store.recipes(ids: []).isEmpty)
        }
    }
}
