@testable import DemoApp
import Foundation
import GRDB
import Synchronization
import HTTPTestSupport
import Testing
import MicroHTTP

/// `DemoStore` on real SQLite files in temporary directories.
@Suite struct DemoStoreTests {
    @Test func firstRunSeedsExactlyTheSeedContent() async throws {
        try await withTemporaryDatabase { path in
            let store = try DemoStore(path: path)
            #expect(try store.orders() == [
                Demo.Order(id: "ORD-001", title: "Electronics", cents: 29999, placedOn: "2026-10-02"),
                Demo.Order(id: "ORD-002", title: "Books", cents: 4500, placedOn: "2026-10-18"),
                Demo.Order(id: "ORD-003", title: "Clothing", cents: 8999, placedOn: "2026-11-05"),
            ])
            #expect(try store.orders().map(\.amount) == ["$299.99", "$45.00", "$89.99"])
            #expect(try store.orders().map(\.decimalAmount) == ["299.99", "45.00", "89.99"])
            #expect([Demo.Order(id: "x", title: "", cents: -150), Demo.Order(id: "x", title: "", cents: 7)]
                .map { [$0.amount, $0.decimalAmount] } == [["-$1.50", "-1.50"], ["$0.07", "0.07"]])
            #expect(try store.orders().map(\.date) == ["Oct 2, 2026", "Oct 18, 2026", "Nov 5, 2026"])
            #expect(try store.users() == [
                Demo.User(id: 1, name: "Alex Appleseed", memberSince: 2024),
                Demo.User(id: 42, name: "Jordan Rivers", memberSince: 2021),
            ])
            #expect(try store.categories().map(\.id) == ["breakfast", "mains", "desserts", "drinks"])
            #expect(try store.category(id: "desserts") == Demo.Category(id: "desserts", name: "Desserts"))
            #expect(try store.recipes(inCategory: "desserts").map(\.id)
                == ["apple-pie", "chocolate-cake", "lemon-tart", "tiramisu"])
            #expect(try store.recipe(id: "apple-pie") == Demo.Recipe(
                id: "apple-pie", name: "Apple Pie", categoryId: "desserts", minutes: 75,
                summary: "A lattice-topped pie of cinnamon apples.",
                ingredients: ["Apples", "Flour", "Butter", "Cinnamon"],
                related: ["lemon-tart", "chocolate-cake", "pancakes"]))
            let recipes = try allRecipes(store)
            #expect(recipes.count == 14)
            #expect(Set(recipes.map(\.id)).count == recipes.count)
            for recipe in recipes {
                #expect(try store.recipe(id: recipe.id) == recipe)
                #expect(!recipe.ingredients.isEmpty)
                for related in recipe.related {
                    #expect(try store.recipe(id: related) != nil, "\(recipe.id) → \(related)")
                }
            }
        }
    }

    @Test func reopeningKeepsEditsAndDeletesAndNeverReseeds() async throws {
        try await withTemporaryDatabase { path in
            do {
                let store = try DemoStore(path: path)
                #expect(try store.updateOrder(id: "ORD-001", title: "Laptop", cents: 149_900))
                #expect(try store.deleteOrder(id: "ORD-002"))
                #expect(try store.updateUser(id: 42, name: "J. Rivers"))
                #expect(try store.createOrder(title: "Garden", cents: 1250).id == "ORD-004")
            }
            do {
                let store = try DemoStore(path: path)
                #expect(try store.orders() == [
                    Demo.Order(id: "ORD-001", title: "Laptop", cents: 149_900, placedOn: "2026-10-02"),
                    Demo.Order(id: "ORD-003", title: "Clothing", cents: 8999, placedOn: "2026-11-05"),
                    Demo.Order(id: "ORD-004", title: "Garden", cents: 1250, placedOn: Demo.Order.today()),
                ])
                #expect(try store.users().map(\.name) == ["Alex Appleseed", "J. Rivers"])
                #expect(try store.categories().count == 4)
                #expect(try allRecipes(store).count == 14)
                #expect(try store.recipe(id: "apple-pie")?.ingredients == ["Apples", "Flour", "Butter", "Cinnamon"])
                // The sequence outlives restarts and deletions: ORD-004's number is not reused.
                #expect(try store.deleteOrder(id: "ORD-004"))
                #expect(try store.createOrder(title: "Tools", cents: 500).id == "ORD-005")
            }
            let store = try DemoStore(path: path)
            #expect(try store.orders().map(\.id) == ["ORD-001", "ORD-003", "ORD-005"])
            let migrations = try DatabaseQueue(path: path).read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
            #expect(migrations == ["v1", "v2", "v3"])
        }
    }

    @Test func missingRowsAreReportedNotCreated() async throws {
        try await withTemporaryDatabase { path in
            let store = try DemoStore(path: path)
            #expect(try !store.updateOrder(id: "ORD-999", title: "Ghost", cents: 1))
            #expect(try store.deleteOrder(id: "ORD-002"))
            #expect(try !store.deleteOrder(id: "ORD-002"))
            #expect(try !store.updateOrder(id: "ORD-002", title: "Back?", cents: 1))
            #expect(try store.order(id: "ORD-002") == nil)
            #expect(try !store.updateUser(id: 7, name: "Nobody"))
            #expect(try store.user(id: 7) == nil)
            #expect(try store.orders().map(\.id) == ["ORD-001", "ORD-003"])
            #expect(try store.users().count == 2)
            #expect(try store.category(id: "soups") == nil)
            #expect(try store.recipe(id: "soup") == nil)
            #expect(try store.recipes(inCategory: "soups").isEmpty)
        }
    }

    @Test func namesAreExactAndOnlyForWhatExists() async throws {
        try await withTemporaryDatabase { path in
            let store = try DemoStore(path: path)
            let renamed = "Al \"Quote\" \\ \u{0}\u{1F}é 🙂"
            #expect(try store.updateUser(id: 1, name: renamed))
            #expect(try store.deleteOrder(id: "ORD-002"))
            let hostile = ["ORD-002", "\"", "\\", "\u{0}", "ORD-001\"]", "]", "', 'x", "ORD-00%", "é"]
            let names = try store.names(
                users: [1, 42, 7, -1, Int.max, 1], orders: hostile + ["ORD-001", "ORD-003"],
                categories: ["desserts", "soups", "\\u0000"], recipes: hostile + ["apple-pie"])
            // Each answer sits at its id's position, a repeated id answered each time.
            #expect(names.users == [renamed, "Jordan Rivers", nil, nil, nil, renamed])
            #expect(names.orders == hostile.map { _ in false } + [true, true])
            #expect(names.categories == ["Desserts", nil, nil])
            #expect(names.recipes == hostile.map { _ in nil } + ["Apple Pie"])
            #expect(try store.names(users: [], orders: [], categories: [], recipes: []) == Demo.Names())
        }
    }

    /// What a read connection remembers (names, lists, items) is never older than the last
    /// commit, whoever made it: the store's own writer, or another store on the file (as
    /// another process would be).
    @Test func rememberedReadsNeverOutliveACommit() async throws {
        try await withTemporaryDatabase { path in
            let store = try DemoStore(path: path)
            let other = try DemoStore(path: path)
            struct Seen: Equatable {
                var names: Demo.Names?
                var users: [Demo.User]?, user: Demo.User?
                var orders: [Demo.Order]?, order: Demo.Order?
            }
            // Names and items apart, so that neither read's check of the version covers the other's.
            func read(names: Bool) throws -> Seen {
                guard !names else {
                    return Seen(names: try store.names(users: [1, 42], orders: ["ORD-001", "ORD-002"],
                                                       categories: ["desserts"], recipes: ["apple-pie"]))
                }
                return Seen(users: try store.users(), user: try store.user(id: 42), orders: try store.orders(),
                            order: try store.order(id: "ORD-002"))
            }
            func seen() throws -> Seen {
                var all = Seen()
                for names in [true, false] {
                    // As a page reads (inside its read, twice), and then on its own.
                    let inPage = try store.reading { try read(names: names) }
                    #expect(try store.reading { try read(names: names) } == inPage)
                    #expect(try read(names: names) == inPage)
                    if names { all.names = inPage.names } else { (all.users, all.user, all.orders, all.order) =
                        (inPage.users, inPage.user, inPage.orders, inPage.order) }
                }
                return all
            }
            for _ in 0..<3 { #expect(try seen().names?.users == ["Alex Appleseed", "Jordan Rivers"]) }
            #expect(try store.updateUser(id: 1, name: "Renamed Here"))
            #expect(try seen().names?.users == ["Renamed Here", "Jordan Rivers"])
            #expect(try seen().users?.map(\.name) == ["Renamed Here", "Jordan Rivers"])
            #expect(try other.updateUser(id: 42, name: "Renamed Elsewhere"))
            #expect(try seen().names?.users == ["Renamed Here", "Renamed Elsewhere"])
            #expect(try seen().user?.name == "Renamed Elsewhere")
            #expect(try other.updateOrder(id: "ORD-002", title: "Edited Elsewhere", cents: 1))
            #expect(try seen().order?.title == "Edited Elsewhere")
            #expect(try seen().orders?.map(\.title) == ["Electronics", "Edited Elsewhere", "Clothing"])
            #expect(try other.deleteOrder(id: "ORD-002"))
            let afterDelete = try seen()
            #expect(afterDelete.names?.orders == [true, false])
            #expect(afterDelete.order == nil)
            #expect(afterDelete.orders?.map(\.id) == ["ORD-001", "ORD-003"])
            #expect(try store.createOrder(title: "Created", cents: 5).id == "ORD-004")
            #expect(try seen().orders?.map(\.id) == ["ORD-001", "ORD-003", "ORD-004"])
            // An id first asked about later is read, not taken for absent.
            #expect(try store.names(users: [1], orders: ["ORD-003"], categories: [], recipes: ["lemon-tart"])
                == Demo.Names(users: ["Renamed Here"], orders: [true], recipes: ["Lemon Tart"]))
            #expect(try store.names(users: [], orders: [], categories: [], recipes: []) == Demo.Names())
        }
    }

    @Test func searchIsLiteralAndIgnoresCase() async throws {
        try await withTemporaryDatabase { path in
            let store = try DemoStore(path: path)
            for title in ["50% off_sale", "CRÈME BRÛLÉE", #"back\slash"#, "50 percent off sale"] {
                _ = try store.createOrder(title: title, cents: 100)
            }
            func orders(_ text: String) throws -> [String] { try store.searchOrders(text).map(\.id) }
            func recipes(_ text: String) throws -> [String] { try store.searchRecipes(text).map(\.id) }
            // As wildcards, `%` and `_` would match every order, or ORD-007 as well.
            #expect(try orders("%") == ["ORD-004"])
            #expect(try orders("_") == ["ORD-004"])
            #expect(try orders("50% OFF_S") == ["ORD-004"])
            #expect(try orders("50%sale").isEmpty)
            #expect(try orders("5_ percent").isEmpty)
            #expect(try orders(#"\"#) == ["ORD-006"])
            #expect(try orders(#"K\S"#) == ["ORD-006"])
            #expect(try orders("crème Brûlée") == ["ORD-005"])  // LIKE alone folds ASCII only
            #expect(try orders("001 ELEC") == ["ORD-001"])
            #expect(try orders("ord-00").count == 7)
            #expect(try orders("").count == 7)
            #expect(try orders("nothing like it").isEmpty)

            #expect(try recipes("APPLE") == ["apple-pie"])
            #expect(try recipes("lemon") == ["lemon-tart", "lemonade"])
            #expect(try recipes("%").isEmpty)
            #expect(try recipes("_").isEmpty)
            #expect(try recipes("c_ke").isEmpty)
            #expect(try recipes("choc%").isEmpty)
            let chocolate = try store.searchRecipes("ChOcOlAtE")
            #expect(chocolate.map(\.id) == ["chocolate-cake", "hot-chocolate"])
            #expect(chocolate.first?.related == ["apple-pie", "tiramisu", "hot-chocolate"])
        }
    }

    @Test func concurrentWritersNeitherFailNorCollide() async throws {
        try await withTemporaryDatabase { path in
            let store = try DemoStore(path: path)
            // A second pool on the same file contends for SQLite's lock like another server
            // process would, so the busy timeout is exercised, not only GRDB's own queue.
            let other = try DemoStore(path: path)
            let outcomes = Outcomes()
            let threads = 8, rounds = 50
            await runOnThreads(threads) { thread in
                let store = thread.isMultiple(of: 2) ? store : other
                do {
                    let own = try store.createOrder(title: "own \(thread)", cents: 0).id
                    outcomes.created(own, thread: thread)
                    for round in 0..<rounds {
                        let cents = thread * 1000 + round
                        if try !store.updateOrder(id: "ORD-001", title: "shared \(cents)", cents: cents) {
                            outcomes.fail("ORD-001 missing")
                        }
                        if try !store.updateOrder(id: own, title: "own \(cents)", cents: cents) {
                            outcomes.fail("\(own) missing")
                        }
                        if round % 10 == 9 {
                            outcomes.created(try store.createOrder(title: "extra \(cents)", cents: cents).id)
                        }
                        // Title and price change in one transaction, so no reader sees them mixed.
                        let shared = try store.order(id: "ORD-001")
                        if let shared, shared.title != "shared \(shared.cents)", shared.title != "Electronics" {
                            outcomes.fail("torn read \(shared)")
                        }
                    }
                } catch {
                    outcomes.fail("thread \(thread): \(error)")
                }
            }
            let (created, own, failures) = outcomes.snapshot
            #expect(failures.isEmpty)
            #expect(created.count == threads + threads * rounds / 10)
            #expect(Set(created).count == created.count)
            #expect(Set(try store.orders().map(\.id)) == Set(["ORD-001", "ORD-002", "ORD-003"] + created))
            let shared = try #require(try store.order(id: "ORD-001"))
            #expect(shared.title == "shared \(shared.cents)")
            #expect((0..<threads).contains(shared.cents / 1000) && (0..<rounds).contains(shared.cents % 1000))
            for (thread, id) in own {
                let last = thread * 1000 + rounds - 1
                #expect(try store.order(id: id) == Demo.Order(id: id, title: "own \(last)", cents: last, placedOn: Demo.Order.today()))
            }
            try expectIntact(path)
        }
    }

    @Test func writerWaitsForAnotherConnectionsLock() async throws {
        try await withTemporaryDatabase { path in
            let store = try DemoStore(path: path)
            let blocker = try DatabaseQueue(path: path)
            let (locked, lockedContinuation) = AsyncStream.makeStream(of: Void.self)
            let writing = DispatchSemaphore(value: 0)
            Thread {
                try? blocker.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        try db.execute(sql: "UPDATE purchase SET cents = 1 WHERE id = 'ORD-003'")
                        lockedContinuation.yield()
                        // Hold the lock for a while after the store starts writing, however
                        // late the test task got to run.
                        writing.wait()
                        Thread.sleep(forTimeInterval: 0.3)
                        return .commit
                    }
                }
            }.start()
            for await _ in locked { break }
            writing.signal()
            // Without a busy timeout this write fails at once with SQLITE_BUSY.
            #expect(try store.updateOrder(id: "ORD-001", title: "After the wait", cents: 2))
            #expect(try store.order(id: "ORD-003")?.cents == 1)
            #expect(try store.order(id: "ORD-001")?.title == "After the wait")
        }
    }

    @Test func storesOpeningOneFreshFileTogetherSeedOnce() async throws {
        try await withTemporaryDatabase { path in
            let outcomes = Outcomes()
            await runOnThreads(8) { thread in
                do { _ = try DemoStore(path: path) } catch { outcomes.fail("thread \(thread): \(error)") }
            }
            #expect(outcomes.snapshot.failures.isEmpty)
            let store = try DemoStore(path: path)
            #expect(try store.orders().count == 3)
            #expect(try allRecipes(store).count == 14)
            try expectIntact(path)
        }
    }

    @Test func hostileTextReadsBackByteIdentical() async throws {
        let hostile = "Robert'); DROP TABLE purchase;-- \"q\" `t` \\ %_ \0after NUL\0 🧑🏽‍🍳 e\u{301} \r\n\t end"
        let bytes = Array(hostile.utf8)
        try await withTemporaryDatabase { path in
            do {
                let store = try DemoStore(path: path)
                #expect(try store.updateOrder(id: "ORD-001", title: hostile, cents: 1))
                #expect(try store.updateUser(id: 42, name: hostile))
                #expect(try Array(store.createOrder(title: hostile, cents: 2).title.utf8) == bytes)
            }
            let store = try DemoStore(path: path)
            for order in [try store.order(id: "ORD-001"), try store.order(id: "ORD-004")] {
                #expect(order.map { Array($0.title.utf8) } == bytes)
            }
            #expect(try store.orders().filter { Array($0.title.utf8) == bytes }.count == 2)
            #expect(try store.searchOrders("DROP TABLE purchase").map(\.id) == ["ORD-001", "ORD-004"])
            #expect(try store.user(id: 42).map { Array($0.name.utf8) } == bytes)
            #expect(try store.users().last.map { Array($0.name.utf8) } == bytes)
            #expect(try store.orders().count == 4)
            let stored = try DatabaseQueue(path: path).read { db in
                try Row.fetchOne(db, sql: "SELECT typeof(title) AS type, length(CAST(title AS BLOB)) AS size FROM purchase WHERE id = 'ORD-001'")
            }
            // Stored as TEXT (so SQL and LIKE see text), every byte kept.
            #expect(stored?["type"] == "text")
            #expect(stored?["size"] == bytes.count)
        }
    }

    /// A file of the first schema gets the days orders were placed when it is opened: the
    /// seed's own days, and the day of the migration for orders created before it.
    @Test func migratingAFirstSchemaFileDatesItsOrders() async throws {
        try await withTemporaryDatabase { path in
            do {
                let store = try DemoStore(path: path)
                #expect(try store.createOrder(title: "Before", cents: 100).id == "ORD-004")
            }
            // Back to what "v1" left: no day, no submission, "v2" not run.
            try DatabaseQueue(path: path).write { db in
                try db.execute(sql: """
                    DROP INDEX purchase_on_submission;
                    ALTER TABLE purchase DROP COLUMN submission;
                    ALTER TABLE purchase DROP COLUMN placedOn;
                    DELETE FROM grdb_migrations WHERE identifier = 'v2'
                    """)
            }
            let store = try DemoStore(path: path)
            #expect(try store.orders().map(\.placedOn) == ["2026-10-02", "2026-10-18", "2026-11-05", Demo.Order.today()])
            #expect(try store.orders().map(\.title) == ["Electronics", "Books", "Clothing", "Before"])
        }
    }
}

extension DemoStoreTests {
    @Test func theWriteAheadLogIsCheckpointedOffTheWritersConnectionBetweenBursts() async throws {
        try await withTemporaryDatabase { path in
            let store = try DemoStore(path: path)
            // Bursts of 300 writes, some 600 pages of log each (2.5 MB), 6,000 in all: the
            // writer here checkpoints only past 10,000. The store's checkpoint after each burst
            // (every 300 writes), done before the next, lets the next burst start the log again
            // from its beginning. The pause lasts until that checkpoint has run: a fixed 20 ms
            // was too short while the rest of the suite kept both processors busy.
            for burst in 0..<10 {
                for index in 1...300 {
                    try store.updateOrder(id: "ORD-001", title: "Title \(burst)-\(index)", cents: index)
                }
                await store.checkpointer.scheduledCheckpoints()
            }
            let log = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
            #expect(log < 4_000_000, "the log grew to \(log) bytes")
            #expect(try store.order(id: "ORD-001")?.title == "Title 9-300")
            try expectIntact(path)
        }
    }
}

// MARK: - Helpers

/// Runs `body` with a database path two folders deep in a new temporary directory (so the
/// store has to create them), and removes the directory afterwards, whatever happens.
private func withTemporaryDatabase(_ body: (String) async throws -> Void) async throws {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("DemoStoreTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try await body(root.appendingPathComponent("data/demo/demo.sqlite").path)
    #expect(FileManager.default.fileExists(atPath: root.path))
}

/// Every recipe, category by category.
private func allRecipes(_ store: DemoStore) throws -> [Demo.Recipe] {
    try store.categories().flatMap { try store.recipes(inCategory: $0.id) }
}

/// Checks SQLite's own consistency checks on the file.
private func expectIntact(_ path: String) throws {
    let (integrity, foreignKeyFaults) = try DatabaseQueue(path: path).read { db in
        (try String.fetchAll(db, sql: "PRAGMA integrity_check"), try Row.fetchAll(db, sql: "PRAGMA foreign_key_check"))
    }
    #expect(integrity == ["ok"])
    #expect(foreignKeyFaults.isEmpty)
}

/// Runs `body` on `count` new threads at once (real threads, not tasks of the cooperative
/// pool) and resumes when all have returned.
private func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    await withCheckedContinuation { continuation in
        group.notify(queue: .global()) { continuation.resume() }
    }
}

/// What the threads of a test report, collected for checks once they are done; `#expect`
/// needs the test's task, which plain threads do not run in.
private final class Outcomes: Sendable {
    private let state = Locked<(created: [String], own: [Int: String], failures: [String])>(([], [:], []))

    func created(_ id: String, thread: Int? = nil) {
        state.withLock {
            $0.created.append(id)
            if let thread { $0.own[thread] = id }
        }
    }

    func fail(_ message: String) { state.withLock { $0.failures.append(message) } }

    var snapshot: (created: [String], own: [Int: String], failures: [String]) { state.withLock { $0 } }
}
