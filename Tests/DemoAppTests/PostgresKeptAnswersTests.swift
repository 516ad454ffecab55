#if PostgreSQL
@testable import DemoApp
import Foundation
import HTTPTestSupport
import Logging
import Testing

/// The PostgreSQL store keeps what pages read while the database's snapshot is unchanged: a page
/// that reads nothing new costs one statement, and a write shows on the next page whoever made
/// it (the store, or another program on the database), or in the middle of a page that had
/// taken kept answers, which is then read again from the start.
@Suite(.serialized) struct PostgresKeptAnswersTests {
    @Test(.enabled(if: PostgresCluster.isInstalled))
    func keptAnswersCostOneStatementAndNeverOutliveAWrite() async throws {
        try await withStore { store, cluster in
            func page() async throws -> (orders: [String], order: String?, recipe: String?, names: Demo.Names) {
                try await store.reading {
                    (try await store.orders().map(\.title), try await store.order(id: "ORD-002")?.title,
                     try await store.recipe(id: "apple-pie")?.name,
                     try await store.names(users: [1], orders: [], categories: ["desserts"], recipes: ["lemon-tart"]))
                }
            }
            let first = try await page()
            #expect(first.orders == ["Electronics", "Books", "Clothing"] && first.order == "Books")
            var (again, statements) = try await cluster.counting { try await page() }
            #expect(again == first)
            #expect(statements == ["CurrentSnapshot"])

            // Another program's write: the next page reads afresh, in a transaction.
            try cluster.psql(#"UPDATE "purchase" SET "title" = 'Edited Elsewhere' WHERE "id" = 'ORD-002'"#)
            (again, statements) = try await cluster.counting { try await page() }
            #expect(again.orders == ["Electronics", "Edited Elsewhere", "Clothing"] && again.order == "Edited Elsewhere")
            #expect(statements.prefix(3) == ["CurrentSnapshot", "Begin", "CurrentSnapshot"] && statements.last == "Commit")
            #expect(try await cluster.counting { try await page() }.1 == ["CurrentSnapshot"])

            // The store's own write, and a name; a write that changes nothing moves no version.
            let versions = { try await store.versions(of: [DemoTopic.orders, DemoTopic.users]) }
            let before = try await versions()
            #expect(try await !store.updateOrder(id: "ORD-999", title: "Ghost", cents: 1))
            #expect(try await !store.deleteOrder(id: "ORD-999"))
            #expect(try await versions() == before)
            #expect(try await store.updateUser(id: 1, name: "Renamed Here"))
            #expect(try await versions()[DemoTopic.users] == (before[DemoTopic.users] ?? 0) + 1)
            #expect(try await page().names.users == ["Renamed Here"])
            #expect(try await store.deleteOrder(id: "ORD-002"))
            again = try await page()
            #expect(again.orders == ["Electronics", "Clothing"] && again.order == nil)
        }
    }

    /// A page that took kept answers, then had to read something new after a write committed,
    /// would mix two snapshots: it is read again, from the start, whether or not the app passed
    /// the store's error on.
    @Test(.enabled(if: PostgresCluster.isInstalled), arguments: [false, true])
    func aPageThatMeetsAWriteIsReadAgainAtOneSnapshot(swallowing: Bool) async throws {
        try await withStore { store, cluster in
            _ = try await store.reading { try await store.orders() }
            let runs = Counter()
            let (orders, recipe) = try await store.reading {
                let run = runs.next()
                let orders = try await store.orders().map(\.title)
                if run == 1 {
                    try cluster.psql(#"UPDATE "purchase" SET "title" = 'Edited Meanwhile' WHERE "id" = 'ORD-001'"#)
                }
                // Not kept yet: the page must open its transaction, and finds the snapshot moved.
                let recipe = swallowing ? try? await store.recipe(id: "apple-pie")?.name
                    : try await store.recipe(id: "apple-pie")?.name
                return (orders, recipe)
            }
            // Read without a connection first (the recipe needs one), then on a connection at the
            // kept answers' snapshot, which the write had moved, then in a transaction of its own.
            #expect(runs.value == 3)
            #expect(orders == ["Edited Meanwhile", "Books", "Clothing"])
            #expect(recipe == "Apple Pie")
            // The page's connection is back in the pool, outside any transaction.
            #expect(try await store.reading { try await store.order(id: "ORD-001")?.title } == "Edited Meanwhile")
        }
    }

    /// Pages that begin at once ask for the snapshot with fewer statements than pages, and a
    /// page still sees every write that committed before it began, while other pages' questions
    /// are on their way (see `SharedQuestion`).
    @Test(.enabled(if: PostgresCluster.isInstalled))
    func pagesAtOnceShareTheSnapshotAndEachSeesTheWritesBeforeIt() async throws {
        try await withStore { store, cluster in
            func title() async throws -> String? {
                try await store.reading {
                    _ = try await store.orders()
                    return try await store.order(id: "ORD-002")?.title
                }
            }
            _ = try await title()
            let (titles, statements) = try await cluster.counting {
                try await withThrowingTaskGroup(of: String?.self) { group in
                    for _ in 0..<32 { group.addTask { try await title() } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            #expect(titles == Array(repeating: "Books", count: 32))
            #expect(statements.allSatisfy { $0 == "CurrentSnapshot" })
            #expect(!statements.isEmpty && statements.count < 32, "\(statements.count) statements for 32 pages")

            // Pages never stop while another program writes; each page begun after a write shows it.
            let stale = try await withThrowingTaskGroup(of: Void.self) { group in
                let stop = Counter()
                for _ in 0..<4 {
                    group.addTask { while stop.value == 0 { _ = try await title() } }
                }
                defer { _ = stop.next() }
                var stale: [String] = []
                for round in 1...10 {
                    try cluster.psql(#"UPDATE "purchase" SET "title" = 'Seen \#(round)' WHERE "id" = 'ORD-002'"#)
                    let seen = try await withThrowingTaskGroup(of: String?.self) { pages in
                        for _ in 0..<4 { pages.addTask { try await title() } }
                        return try await pages.reduce(into: []) { $0.append($1) }
                    }
                    stale += seen.compactMap { $0 == "Seen \(round)" ? nil : "round \(round): \($0 ?? "nil")" }
                }
                return stale
            }
            #expect(stale.isEmpty, "\(stale)")
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func next() -> Int { lock.withLock { count += 1; return count } }
    }

    /// A store on a cluster of the test's own, whose statements are logged, without autovacuum:
    /// its transactions would move the snapshot at moments the test does not choose.
    private func withStore(_ body: (PostgresDemoStore, PostgresCluster) async throws -> Void) async throws {
        let cluster = try await onThread { try PostgresCluster() }
        defer { cluster.destroy() }
        try cluster.psql("ALTER SYSTEM SET autovacuum = off")
        try cluster.psql("ALTER SYSTEM SET log_statement = 'all'")
        try cluster.psql("SELECT pg_reload_conf()")
        let store = PostgresDemoStore(url: cluster.url, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            try await store.migrate()
            try await body(store, cluster)
        }
    }
}

extension PostgresCluster {
    /// `body`'s result, and the statements the server ran meanwhile (see `StatementCountTests`).
    func counting<Result>(_ body: () async throws -> Result) async throws -> (Result, [String]) {
        let before = log.utf8.count
        let result = try await body()
        return (result, StatementCountTests.statements(in: String(log.utf8.dropFirst(before)) ?? ""))
    }

    func counting<Result>(_ body: () throws -> Result) throws -> (Result, [String]) {
        let before = log.utf8.count
        let result = try body()
        return (result, StatementCountTests.statements(in: String(log.utf8.dropFirst(before)) ?? ""))
    }
}
#endif
