import Dispatch
import GRDB
import Synchronization

/// Copies the write-ahead log's pages into the database file on a queue of its own, so that
/// requests seldom wait for the disk.
///
/// SQLite checkpoints on the writer's own connection when a commit brings the log past 1,000
/// pages, and a checkpoint syncs the log and the file (in WAL mode, with GRDB's `synchronous =
/// NORMAL`, it is the only thing that does): the request whose write crossed the line waited
/// for the disk. The demo's form POST at 32 connections had a p99 of 6.9 ms with its file on
/// disk, 3.6 ms on tmpfs. Here the writer's own checkpoints are put off to `writerPages`, and
/// this checkpoints after every `interval` writes on a connection of its own while the writes go
/// on (`PASSIVE`: it never waits for them). When writes pause, as they do but under a benchmark,
/// such a checkpoint catches up and the next write starts the log again from its beginning: the
/// writer never checkpoints. Under writes without a pause it cannot catch up (SQLite starts the
/// log again only once every page in it is copied), the log grows to `writerPages` (40 MB), and
/// the writer checkpoints a tenth as often as before, most pages already copied: p99 4.0 ms on
/// disk.
final class WALCheckpointer: Sendable {
    /// Writes between two checkpoints: each of the demo's writes adds about two pages to the
    /// log, so about as often as SQLite's own checkpoint would run (each one syncs twice; a save
    /// at one connection cost the same CPU with 100).
    static let interval = 300
    /// The log's size, in pages, past which the writer checkpoints itself.
    static let writerPages = 10_000

    private let connection: DatabaseQueue
    private let queue = DispatchQueue(label: "DemoStore.checkpoint", qos: .utility)
    private let writes = Atomic(0)
    private let isScheduled = Atomic(false)

    /// Opens a connection of its own to the file at `path`.
    init(path: String, configuration: Configuration) throws {
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Puts the writer's own checkpoints off to `writerPages`; for every connection to the file.
    static func configure(_ db: Database) throws {
        try db.execute(sql: "PRAGMA wal_autocheckpoint = \(writerPages)")
    }

    /// Returns once the checkpoints scheduled so far have run (they run in order on `queue`).
    func scheduledCheckpoints() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }

    /// A write has committed: every `interval`th schedules a checkpoint, unless one is already
    /// waiting to run.
    func wrote() {
        guard writes.add(1, ordering: .relaxed).newValue % Self.interval == 0,
              isScheduled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        queue.async { [self] in
            isScheduled.store(false, ordering: .releasing)
            // Pages a checkpoint fails to copy (the file busy, the disk full) stay in the log
            // for the next one, or for the writer's.
            _ = try? connection.writeWithoutTransaction { try $0.checkpoint(.passive) }
        }
    }
}
