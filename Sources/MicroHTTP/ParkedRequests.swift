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
/// Each connection is resumed exactly once: by its worker when a place comes free, by the watch
/// when the round has held its pages past `RequestRound.patience`, or when the server begins to
/// drain. The entry leaves the table under its lock, and only the caller that took it out
/// resumes: a connection in the table is suspended, so libmicrohttpd cannot have freed it.
final class ParkedRequests: Sendable {
    /// One suspended connection, and how full the round that parked it is.
    final class Entry: Sendable {
        fileprivate let connection: Connection
        fileprivate let round: RequestRound.Fullness
        /// Which of the round's parked requests came first.
        fileprivate let order: Int

        fileprivate init(_ connection: OpaquePointer, round: RequestRound.Fullness, order: Int) {
            self.connection = Connection(pointer: connection)
            self.round = round
            self.order = order
        }
    }

    /// libmicrohttpd's handle, resumed from whichever thread takes its entry out.
    fileprivate struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])
    private let parkings = Atomic<Int>(0)

    /// Suspends `connection`; call from its worker, inside the access handler.
    func park(_ connection: OpaquePointer, round: RequestRound) -> Entry {
        let entry = Entry(connection, round: round.fullness, order: parkings.wrappingAdd(1, ordering: .relaxed).newValue)
        MHD_suspend_connection(connection)
        entries.withLock { $0[ObjectIdentifier(entry)] = entry }
        return entry
    }

    /// Resumes the connection `pending` was parked with, unless another caller has; returns
    /// whether this one did. Call from the request's worker, which alone touches `pending`.
    @discardableResult
    func resume(parkedFor pending: PendingRequest) -> Bool {
        guard let entry = pending.parked else { return false }
        pending.parked = nil
        guard entries.withLock({ $0.removeValue(forKey: ObjectIdentifier(entry)) }) != nil else { return false }
        MHD_resume_connection(entry.connection.pointer)
        return true
    }

    var isEmpty: Bool { entries.withLock { $0.isEmpty } }

    /// For each round full for `RequestRound.patience` or longer, resumes the request it parked
    /// first: its handler call runs the round, which then stops counting the pages it has held
    /// that long (`RequestRound.run`).
    func resumeOverdue() {
        let overdue = entries.withLock { entries -> [Entry] in
            var oldest: [ObjectIdentifier: Entry] = [:]
            for entry in entries.values {
                let round = ObjectIdentifier(entry.round)
                if let found = oldest[round], found.order <= entry.order { continue }
                oldest[round] = entry
            }
            // Each round's clock read once, not once for every request it parked.
            let overdue = oldest.values.filter { $0.round.isOverdue() }
            for entry in overdue { entries.removeValue(forKey: ObjectIdentifier(entry)) }
            return overdue
        }
        for entry in overdue { MHD_resume_connection(entry.connection.pointer) }
    }

    /// Resumes every parked connection (the server drains: nothing is parked from then on).
    func resumeAll() {
        let all = entries.withLock { entries -> [Entry] in
            defer { entries.removeAll() }
            return Array(entries.values)
        }
        for entry in all { MHD_resume_connection(entry.connection.pointer) }
    }
}
