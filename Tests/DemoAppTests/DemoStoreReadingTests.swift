@testable import DemoApp
import Foundation
import GRDB
import HTTPTestSupport
import Testing
import MicroHTTP

/// `DemoStore.reading(_:)` and the read connections it hands out: one snapshot per page, the
/// next page sees every write before it, and reads at once on many threads neither wait for
/// one another nor share a connection.
@Suite struct DemoStoreReadingTests {
    @Test func aPageReadsOneSnapshotAndTheNextPageSeesTheWrite() throws {
        try withStore { store, path in
            let other = try DemoStore(path: path)
            let (first, joined, nested, othersView) = try store.reading {
                let first = try store.order(id: "ORD-001")
                // Committed by the writer in the middle of the page: the page does not see it.
                #expect(try store.updateOrder(id: "ORD-001", title: "Edited", cents: 1))
                #expect(try store.deleteOrder(id: "ORD-003"))
                let joined = try (store.order(id: "ORD-001"), store.orders().first, store.names(
                    users: [], orders: ["ORD-003"], categories: [], recipes: []))
                let nested = try store.reading { try store.order(id: "ORD-001") }
                // Another store's reads are not part of this store's page.
                return (first, joined, nested, try other.order(id: "ORD-001"))
            }
            let seed = Demo.Order(id: "ORD-001", title: "Electronics", cents: 29999, placedOn: "2026-10-02")
            #expect(first == seed)
            #expect(joined.0 == seed && joined.1 == seed && joined.2.orders == [true])
            #expect(nested == seed)
            #expect(othersView?.title == "Edited")
            let edited = Demo.Order(id: "ORD-001", title: "Edited", cents: 1, placedOn: "2026-10-02")
            #expect(try store.reading { try store.order(id: "ORD-001") } == edited)
            #expect(try store.order(id: "ORD-001") == edited)
            #expect(try store.names(users: [], orders: ["ORD-003"], categories: [], recipes: []).orders == [false])
            #expect(try store.recipe(id: "apple-pie")?.ingredients.count == 4)
        }
    }

    /// The page's transaction begins with its first read: a page that reads nothing (a 404 page)
    /// opens none, and one that reads takes its snapshot then and ends it with the page.
    @Test func aPageBeginsItsTransactionWithItsFirstRead() throws {
        try withStore { store, _ in
            func inTransaction() -> Bool? {
                DemoStore.CurrentReading.connection(of: store.readers)?.queue.inDatabase { $0.isInsideTransaction }
            }
            let (before, after) = try store.reading {
                let before = inTransaction()
                _ = try store.order(id: "ORD-001")
                return (before, inTransaction())
            }
            #expect(before == false && after == true)
            #expect(try store.reading { inTransaction() } == false)
            // Each page's connection went back out of any transaction.
            let connection = try store.readers.take()
            defer { store.readers.giveBack(connection) }
            #expect(connection.queue.inDatabase { $0.isInsideTransaction } == false)
            #expect(connection.cache.pageVersion == nil)
        }
    }

    @Test func aPageThatThrowsEndsItsTransaction() throws {
        struct Failure: Error {}
        try withStore { store, _ in
            #expect(throws: Failure.self) {
                try store.reading {
                    _ = try store.order(id: "ORD-001")
                    throw Failure()
                }
            }
            // One thread, so the next page gets the same connection back: it must not be stuck
            // in the failed page's snapshot.
            let updated = try store.updateOrder(id: "ORD-001", title: "After", cents: 2)
            let title = try store.reading { try store.order(id: "ORD-001")?.title }
            #expect(updated && title == "After")
            #expect(store.readers.idleCount == 1)
        }
    }

    @Test func pagesOnManyThreadsAtOnceDoNotWaitForOneAnother() throws {
        try withStore { store, _ in
            let threads = DemoStore.Readers.maximumIdle + 4
            let inside = DispatchGroup()
            let failures = Locked<[String]>([])
            for _ in 0..<threads { inside.enter() }
            onThreads(threads) { thread in
                do {
                    try store.reading {
                        _ = try store.orders()
                        inside.leave()
                        // Every page holds its connection until all are open at once.
                        if inside.wait(timeout: .now() + 10) == .timedOut {
                            failures.withLock { $0.append("thread \(thread) waited for another page") }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("thread \(thread): \(error)") }
                }
            }
            #expect(failures.withLock { Array($0.prefix(5)) } == [])
            #expect(store.readers.idleCount == DemoStore.Readers.maximumIdle)
        }
    }

    @Test func concurrentPagesAndWritesKeepEachPageConsistent() throws {
        try withStore { store, _ in
            let ids = try (0..<8).map { _ in try store.createOrder(title: "0", cents: 0).id }
            let failures = Locked<[String]>([])
            onThreads(ids.count) { thread in
                let id = ids[thread]
                do {
                    for round in 1...50 {
                        // A page on this thread while the other threads write and read theirs.
                        let (before, after) = try store.reading {
                            let before = try store.order(id: id)
                            _ = try store.updateOrder(id: id, title: String(round), cents: round)
                            return (before, try store.orders().first { $0.id == id })
                        }
                        if before != after || before?.cents != round - 1 {
                            failures.withLock { $0.append("\(id) round \(round): \(String(describing: before)) then \(String(describing: after))") }
                        }
                        // Outside a page, a read sees the write at once.
                        if try store.order(id: id)?.title != String(round) {
                            failures.withLock { $0.append("\(id) round \(round): write unseen") }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("thread \(thread): \(error)") }
                }
            }
            #expect(failures.withLock { Array($0.prefix(5)) } == [])
            #expect(store.readers.idleCount <= DemoStore.Readers.maximumIdle)
        }
    }
}

/// Runs `body` with a fresh store in a temporary directory, removed afterwards.
private func withStore(_ body: (DemoStore, String) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("DemoStoreReading-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.appendingPathComponent("demo.sqlite").path
    try body(try DemoStore(path: path), path)
}
