import CMicroHTTPD

/// The requests whose connections are suspended while their responders wait, and the watch
/// that keeps them within their limits: libmicrohttpd neither times out a suspended connection
/// nor notices that its client left.
///
/// A sweep answers each request past its deadline with `503` and `Retry-After`, and each whose
/// client has closed its side of the connection, and cancels their responders' tasks; either
/// way the connection resumes, and libmicrohttpd sends what it can and frees it.
final class Suspensions: Sendable {
    private let waiting = Locked<[ObjectIdentifier: RequestTask]>([:])

    static let timedOut = HTTPError.unavailable(
        "Service Unavailable: this page is temporarily unavailable (its answer took too long). Try again in a moment.", retryAfter: 1).response
    static let stopping = HTTPError.unavailable(
        "Service Unavailable: the server is restarting. Try again in a moment.", retryAfter: 1).response

    func add(_ task: RequestTask) {
        waiting.withLock { $0[ObjectIdentifier(task)] = task }
    }

    func remove(_ task: RequestTask) {
        _ = waiting.withLock { $0.removeValue(forKey: ObjectIdentifier(task)) }
    }

    var count: Int { waiting.withLock { $0.count } }

    /// Answers the requests past their deadline and those whose clients left.
    func sweep(now: ContinuousClock.Instant = .now) {
        let tasks = waiting.withLock { Array($0.values) }
        guard !tasks.isEmpty else { return }
        var late: [RequestTask] = []
        var watched: [(item: RequestTask, socket: Int32)] = []
        for task in tasks {
            if task.deadline <= now {
                late.append(task)
            } else if let connection = task.suspendedConnection, connection.socket >= 0 {
                watched.append((task, connection.socket))
            }
        }
        for task in late + closedPeers(of: watched) { finish(task, with: Self.timedOut) }
    }

    /// Answers every waiting request at once (the server stops).
    func answerAll(with response: Response) {
        let tasks = waiting.withLock { Array($0.values) }
        for task in tasks { finish(task, with: response) }
    }

    private func finish(_ task: RequestTask, with response: Response) {
        task.abandon(with: response)
        remove(task)
    }
}

/// The items whose socket's peer has closed it or its sending side, asked without waiting:
/// libmicrohttpd does not watch a suspended connection.
func closedPeers<Item>(of watched: [(item: Item, socket: Int32)]) -> [Item] {
    guard !watched.isEmpty else { return [] }
    var closed = [UInt8](repeating: 0, count: watched.count)
    shim_peers_closed(watched.map(\.socket), &closed, watched.count)
    return zip(watched, closed).compactMap { $1 != 0 ? $0.item : nil }
}
