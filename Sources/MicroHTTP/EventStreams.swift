import CMicroHTTPD
import CoreMetrics

/// The server's open event streams (see `EventStream`): their limits, the heartbeat that keeps a
/// silent one open, and the watch for clients that left, which libmicrohttpd does not notice on
/// a suspended connection.
final class EventStreams: Sendable {
    private struct Open {
        let stream: EventStream
        let address: String
    }

    private struct State {
        var open: [ObjectIdentifier: Open] = [:]
        var perAddress: [String: Int] = [:]
        var isClosed = false
    }

    private let state = Locked(State())
    let limit: Int
    let perAddressLimit: Int
    let heartbeat: Duration
    /// The metric of how many are open.
    private let counted: Meter

    init(limit: Int, perAddressLimit: Int, heartbeat: Duration, counted: Meter) {
        self.limit = limit
        self.perAddressLimit = perAddressLimit
        self.heartbeat = heartbeat
        self.counted = counted
    }

    var count: Int { state.withLock { $0.open.count } }

    /// Takes `stream` in for a client at `address`, or answers why not: `503` over the server's
    /// limit or while it stops, `429` over the address's, each with a `Retry-After` spread over a
    /// few seconds so that refused clients do not all come back at once. A refused stream ends.
    func admit(_ stream: EventStream, from address: String) -> Response? {
        let refusal: Response? = state.withLock { state in
            if state.isClosed { return Self.refusal(.serviceUnavailable, "the server is restarting") }
            if state.open.count >= limit { return Self.refusal(.serviceUnavailable, "too many open streams") }
            if state.perAddress[address, default: 0] >= perAddressLimit {
                return Self.refusal(.tooManyRequests, "too many open streams from one address")
            }
            state.open[ObjectIdentifier(stream)] = Open(stream: stream, address: address)
            state.perAddress[address, default: 0] += 1
            return nil
        }
        if refusal != nil { stream.terminate() } else { counted.increment() }
        return refusal
    }

    /// The stream's connection has ended.
    func remove(_ stream: EventStream) {
        let removed = state.withLock { state in
            guard let open = state.open.removeValue(forKey: ObjectIdentifier(stream)) else { return false }
            let left = state.perAddress[open.address, default: 1] - 1
            state.perAddress[open.address] = left > 0 ? left : nil
            return true
        }
        if removed { counted.decrement() }
    }

    /// Sends a comment on every stream silent for a heartbeat, and ends every suspended one
    /// whose client has closed its side of the connection.
    func sweep(now: ContinuousClock.Instant = .now) {
        let streams = state.withLock { $0.open.values.map(\.stream) }
        guard !streams.isEmpty else { return }
        var sockets: [Int32] = []
        var watched: [EventStream] = []
        for stream in streams {
            let (socket, isSilent) = stream.watched(silentSince: now - heartbeat)
            if isSilent { stream.sendComment() }
            if let socket, socket >= 0, !isSilent {
                sockets.append(socket)
                watched.append(stream)
            }
        }
        guard !sockets.isEmpty else { return }
        var closed = [UInt8](repeating: 0, count: sockets.count)
        shim_peers_closed(sockets, &closed, sockets.count)
        for (stream, isClosed) in zip(watched, closed) where isClosed != 0 { stream.finish() }
    }

    /// Ends every stream, now and from now on (the server stops): each sends what it has and
    /// closes, and its client reconnects after its `retry:` time, elsewhere.
    func finishAll() {
        let streams = state.withLock { state in
            state.isClosed = true
            return state.open.values.map(\.stream)
        }
        for stream in streams { stream.finish() }
    }

    private static func refusal(_ status: HTTPStatus, _ reason: String) -> Response {
        HTTPError(
            status, "\(status.reason): \(reason). Try again in a moment.",
            headers: HTTPHeaders([("Retry-After", String(Int.random(in: 2...10)))])
        ).response
    }
}
