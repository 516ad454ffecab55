import CMicroHTTPD
import CoreMetrics

/// The server's open event streams (see `EventStream`): their limits, the heartbeat that keeps a
/// silent one open, and the watch for clients that left, which libmicrohttpd does not notice on
/// a suspended connection.
///
/// Clients that leave are told by the kernel: each stream's socket joins an epoll set once, for
/// its peer's hang-up, so a sweep costs what has closed, not what is open. (Where there is no
/// epoll, the heartbeat's pass polls the sockets of the suspended streams instead.)
final class EventStreams: Sendable {
    /// How a stream was taken in: its key, or the answer that refuses it.
    enum Admission {
        case admitted(key: UInt64)
        case refused(Response)
    }

    private struct Open {
        let stream: EventStream
        let address: String
    }

    private struct State {
        var open: [UInt64: Open] = [:]
        var perAddress: [String: Int] = [:]
        var nextKey: UInt64 = 0
        var sweeps = 0
        var isClosed = false
    }

    private let state = Locked(State())
    let limit: Int
    let perAddressLimit: Int
    let heartbeat: Duration
    /// The metric of how many are open.
    private let counted: Meter
    /// The epoll set of the streams' sockets, or -1.
    private let hangUps: Int32

    init(limit: Int, perAddressLimit: Int, heartbeat: Duration, counted: Meter) {
        self.limit = limit
        self.perAddressLimit = perAddressLimit
        self.heartbeat = heartbeat
        self.counted = counted
        hangUps = shim_hangup_watch_create()
    }

    deinit {
        shim_hangup_watch_close(hangUps)
    }

    /// Takes `stream` in for a client at `address`, or answers why not: `503` over the server's
    /// limit or while it stops, `429` over the address's, each with a `Retry-After` spread over a
    /// few seconds so that refused clients do not all come back at once. A refused stream ends.
    func admit(_ stream: EventStream, from address: String) -> Admission {
        let admission: Admission = state.withLock { state in
            if state.isClosed { return .refused(Self.refusal(.serviceUnavailable, "the server is restarting")) }
            if state.open.count >= limit { return .refused(Self.refusal(.serviceUnavailable, "too many open streams")) }
            if state.perAddress[address, default: 0] >= perAddressLimit {
                return .refused(Self.refusal(.tooManyRequests, "too many open streams from one address"))
            }
            state.nextKey += 1
            state.open[state.nextKey] = Open(stream: stream, address: address)
            state.perAddress[address, default: 0] += 1
            return .admitted(key: state.nextKey)
        }
        switch admission {
        case .refused: stream.terminate()
        case .admitted: counted.increment()
        }
        return admission
    }

    /// Watches `socket`, the connection of the stream admitted as `key`, for its client leaving.
    func watchHangUp(of socket: Int32, key: UInt64) {
        if hangUps >= 0, socket >= 0 { _ = shim_hangup_watch_add(hangUps, socket, key) }
    }

    /// The stream's connection has ended.
    func remove(_ key: UInt64) {
        let removed = state.withLock { state in
            guard let open = state.open.removeValue(forKey: key) else { return false }
            let left = state.perAddress[open.address, default: 1] - 1
            state.perAddress[open.address] = left > 0 ? left : nil
            return true
        }
        if removed { counted.decrement() }
    }

    /// Ends every stream whose client has closed its side of the connection; every fourth time,
    /// sends a comment on every stream silent for a heartbeat.
    func sweep(now: ContinuousClock.Instant = .now) {
        if hangUps >= 0 {
            var keys = [UInt64](repeating: 0, count: 256)
            let closed = Int(shim_hangup_watch_closed(hangUps, &keys, Int32(keys.count)))
            if closed > 0 {
                let streams = state.withLock { state in keys[..<closed].compactMap { state.open[$0]?.stream } }
                for stream in streams { stream.finish() }
            }
        }
        let streams = state.withLock { state in
            state.sweeps &+= 1
            return state.sweeps % 4 == 0 ? state.open.values.map(\.stream) : []
        }
        var watched: [(item: EventStream, socket: Int32)] = []
        for stream in streams {
            let (socket, isSilent) = stream.watched(silentSince: now - heartbeat)
            if isSilent { stream.sendComment() }
            if hangUps < 0, let socket, socket >= 0, !isSilent { watched.append((stream, socket)) }
        }
        for stream in closedPeers(of: watched) { stream.finish() }
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
