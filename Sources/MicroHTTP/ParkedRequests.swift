import CMicroHTTPD
import Synchronization

/// The requests read whose work a worker could not start yet (its `RequestRound` holds as many
/// pages as it may), each with its connection suspended until a place comes free.
///
/// Why suspend them: libmicrohttpd, finding such a connection with nothing to send, polls again
/// without waiting and calls the handler again for it, round after round. Holding pages that
/// wait on PostgreSQL to 32 that way spun the worker at 256 connections (108 µs of CPU a page,
/// against 88 letting every request start); letting every request start put 256 pages in
/// flight at once, each paying for it in allocations, task switches and the store's admission
/// queue (docs/performance.md, "Pages past a worker's 32 parked").
///
/// Each round's requests wait in a line of their own, first parked first: a place that comes
/// free, and the watch finding the round held past `RequestRound.patience`, each resume the
/// head of one line, and the watch looks at one head per worker however many wait.
///
/// Each connection is resumed exactly once: by its worker when a place comes free or a run
/// starts its work, by the watch, or when the server begins to drain. The entry leaves its line
/// under the lock, and only the caller that took it out resumes: a connection in a line is
/// suspended, so libmicrohttpd cannot have freed it.
final class ParkedRequests: Sendable {
    /// One suspended connection, and the round that parked it.
    final class Entry: Sendable {
        fileprivate let connection: Connection
        fileprivate let round: RequestRound.Fullness
        /// Whether the entry is still in its line; changed only under the lines' lock.
        fileprivate let isParked = Atomic(true)

        fileprivate init(_ connection: OpaquePointer, round: RequestRound.Fullness) {
            self.connection = Connection(pointer: connection)
            self.round = round
        }
    }

    /// libmicrohttpd's handle, resumed from whichever thread takes its entry out.
    fileprivate struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// One round's parked requests, first parked first.
    private struct Line {
        let round: RequestRound.Fullness
        var entries: [Entry] = []
    }

    /// Each round with requests parked (an emptied line leaves), by its `Fullness`.
    private let lines = Locked<[ObjectIdentifier: Line]>([:])

    /// Suspends `connection`; call from its worker, inside the access handler.
    func park(_ connection: OpaquePointer, round: RequestRound.Fullness) -> Entry {
        let entry = Entry(connection, round: round)
        MHD_suspend_connection(connection)
        lines.withLock { $0[ObjectIdentifier(round), default: Line(round: round)].entries.append(entry) }
        return entry
    }

    /// Resumes the connection `pending` was parked with, unless another caller has; returns
    /// whether this one did. Call from the request's worker, which alone touches `pending`.
    @discardableResult
    func resume(parkedFor pending: PendingRequest) -> Bool {
        guard let entry = pending.parked else { return false }
        pending.parked = nil
        let taken = lines.withLock { lines -> Bool in
            guard entry.isParked.load(ordering: .relaxed) else { return false }
            let key = ObjectIdentifier(entry.round)
            // A run starts requests in the order they arrived, so the entry is near the head.
            guard let index = lines[key]?.entries.firstIndex(where: { $0 === entry }) else { return false }
            Self.take(at: index, of: key, in: &lines)
            return true
        }
        if taken { MHD_resume_connection(entry.connection.pointer) }
        return taken
    }

    /// Resumes the request `round` parked first, if it parked any: its handler call runs the
    /// round.
    func resumeFirst(parkedBy round: RequestRound.Fullness) {
        let key = ObjectIdentifier(round)
        let first = lines.withLock { lines -> Entry? in
            guard lines[key] != nil else { return nil }
            return Self.take(at: 0, of: key, in: &lines)
        }
        if let first { MHD_resume_connection(first.connection.pointer) }
    }

    var isEmpty: Bool { lines.withLock { $0.isEmpty } }

    /// For each round full for `RequestRound.patience` or longer, resumes the request it parked
    /// first: its handler call runs the round, which then stops counting the pages it has held
    /// that long (`RequestRound.run`).
    func resumeOverdue() {
        let overdue = lines.withLock { lines -> [Entry] in
            let keys = lines.compactMap { key, line in line.round.isOverdue() ? key : nil }
            return keys.map { Self.take(at: 0, of: $0, in: &lines) }
        }
        for entry in overdue { MHD_resume_connection(entry.connection.pointer) }
    }

    /// Resumes every parked connection (the server drains: nothing is parked from then on).
    func resumeAll() {
        let all = lines.withLock { lines -> [Entry] in
            let all = lines.values.flatMap(\.entries)
            for entry in all { entry.isParked.store(false, ordering: .relaxed) }
            lines.removeAll()
            return all
        }
        for entry in all { MHD_resume_connection(entry.connection.pointer) }
    }

    /// Takes the entry at `index` out of the line of `key`, which must have one there; call
    /// under the lock.
    @discardableResult
    private static func take(at index: Int, of key: ObjectIdentifier, in lines: inout [ObjectIdentifier: Line]) -> Entry {
        let entry = lines[key]!.entries.remove(at: index)
        entry.isParked.store(false, ordering: .relaxed)
        if lines[key]!.entries.isEmpty { lines[key] = nil }
        return entry
    }
}
