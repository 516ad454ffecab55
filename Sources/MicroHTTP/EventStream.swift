import CMicroHTTPD

/// A response that stays open and sends server-sent events (`text/event-stream`) as they
/// happen: answer a request with ``Response/events(_:)`` and keep the stream to send on.
///
/// ```swift
/// let stream = EventStream(retry: .seconds(3))
/// stream.onTermination { hub.forget(stream) }        // the client left, or the server stops
/// hub.keep(stream)                                   // later: stream.send(event: "refresh")
/// return .events(stream)
/// ```
///
/// While it has nothing to send, its connection is suspended and holds no worker thread. The
/// server sends a comment when it has been silent for `ServerConfiguration.eventStreamHeartbeat`
/// (so that proxies and the client keep it open), ends it at once when the client closes the
/// connection or the server shuts down, and refuses streams over its limits
/// (`ServerConfiguration.eventStreamLimit`, `eventStreamsPerAddress`) with `503` or `429` and
/// `Retry-After` before they open. Sending is thread-safe; after ``finish()`` or the end of the
/// connection, ``send(event:data:id:)`` does nothing and answers false.
public final class EventStream: Sendable {
    /// The stream's connection, once the server queued it: used only under the lock, and only
    /// while suspended (libmicrohttpd never frees a suspended connection).
    struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
        let socket: Int32
    }

    private struct State {
        var pending: [UInt8] = []
        /// No more writes: the connection ends once `pending` is sent.
        var isFinished = false
        /// The connection is gone (or was never opened): nothing more happens.
        var isTerminated = false
        var connection: Connection?
        var isSuspended = false
        var lastWrite = ContinuousClock.now
        var terminationHandlers: [@Sendable () -> Void] = []
        /// A reader in this process instead of a connection (`received()`).
        var reader: AsyncStream<[UInt8]>.Continuation?
    }

    private let state = Locked(State())

    /// A stream whose first bytes tell the client how long to wait before reconnecting when it
    /// ends (the `retry:` field), when `retry` is given.
    public init(retry: Duration? = nil) {
        if let retry {
            let milliseconds = retry.components.seconds * 1000 + retry.components.attoseconds / 1_000_000_000_000_000
            state.withLock { $0.pending = Array("retry: \(max(0, milliseconds))\n\n".utf8) }
        }
    }

    /// Sends one event: its `event:` name (the client's default, `message`, when nil), its
    /// `data:` (one field per line) and its `id:`. Line breaks in `event` and `id` become spaces.
    /// False once the stream has ended.
    @discardableResult
    public func send(event: String? = nil, data: String = "", id: String? = nil) -> Bool {
        var text = ""
        if let event { text += "event: \(Self.oneLine(event))\n" }
        if let id { text += "id: \(Self.oneLine(id))\n" }
        for line in data.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            text += "data: \(line)\n"
        }
        return write(Array((text + "\n").utf8))
    }

    /// Sends a comment, which clients ignore: what keeps a silent stream open through proxies.
    @discardableResult
    public func sendComment(_ text: String = "") -> Bool {
        write(Array(": \(Self.oneLine(text))\n\n".utf8))
    }

    /// Ends the stream once what was sent has left. Idempotent.
    public func finish() {
        let reader = state.withLock { state -> AsyncStream<[UInt8]>.Continuation? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            resumeIfSuspended(&state)
            return state.reader
        }
        // Outside the lock: finishing calls the reader's termination, which takes it.
        reader?.finish()
    }

    /// Sends `event`, then ends the stream.
    public func finish(sending event: String, data: String = "") {
        send(event: event, data: data)
        finish()
    }

    /// Whether the stream has ended or will once its last bytes are sent.
    public var isFinished: Bool { state.withLock { $0.isFinished } }

    /// Calls `handler` once, when the stream's connection has ended (the client left, the
    /// stream finished, the server stopped or refused it) — at once if it has already.
    public func onTermination(_ handler: @escaping @Sendable () -> Void) {
        let ended = state.withLock { state in
            if !state.isTerminated { state.terminationHandlers.append(handler) }
            return state.isTerminated
        }
        if ended { handler() }
    }

    /// What the stream sends, as it sends it, for a reader in this process rather than a client
    /// on a connection (a test kit answering without a socket, see `Server.inProcessResponse`):
    /// the sequence ends when the stream does, and the stream ends when the reader stops. Call it
    /// once, instead of sending the response.
    public func received() -> AsyncStream<[UInt8]> {
        let (bytes, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        continuation.onTermination = { [self] _ in terminate() }
        let ended = state.withLock { state in
            if !state.pending.isEmpty { continuation.yield(state.pending) }
            state.pending = []
            state.reader = continuation
            return state.isFinished
        }
        if ended { continuation.finish() }
        return bytes
    }

    private func write(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.isFinished else { return false }
            state.lastWrite = .now
            if let reader = state.reader {
                reader.yield(bytes)
            } else {
                state.pending += bytes
                resumeIfSuspended(&state)
            }
            return true
        }
    }

    private func resumeIfSuspended(_ state: inout State) {
        guard state.isSuspended, let connection = state.connection else { return }
        state.isSuspended = false
        MHD_resume_connection(connection.pointer)
    }

    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}

// The server's side: what libmicrohttpd's callbacks and the watch thread call.
extension EventStream {
    /// Binds the stream to the connection it is queued on.
    func attach(_ connection: Connection) {
        state.withLock { $0.connection = connection }
    }

    /// libmicrohttpd asks for the next bytes (on the connection's worker thread): up to
    /// `buffer.count` of them; -1 once the stream has ended; 0 with the connection suspended
    /// when there is nothing yet, which a later write resumes.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        state.withLock { state in
            if !state.pending.isEmpty {
                let count = min(buffer.count, state.pending.count)
                state.pending.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                state.pending.removeFirst(count)
                return count
            }
            if state.isFinished { return -1 }
            guard let connection = state.connection else { return -1 }
            MHD_suspend_connection(connection.pointer)
            state.isSuspended = true
            return 0
        }
    }

    /// The connection has ended, or will never open: the handlers run, once.
    func terminate() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isTerminated else { return [] }
            state.isTerminated = true
            state.isFinished = true
            state.connection = nil
            state.isSuspended = false
            state.reader = nil
            defer { state.terminationHandlers = [] }
            return state.terminationHandlers
        }
        for handler in handlers { handler() }
    }

    /// The socket of the connection while it is suspended (for the watch to see the client
    /// leave), and whether it has been silent since `silentSince`.
    func watched(silentSince: ContinuousClock.Instant) -> (socket: Int32?, isSilent: Bool) {
        state.withLock { state in
            let socket = state.isSuspended ? state.connection?.socket : nil
            return (socket, !state.isFinished && state.lastWrite <= silentSince)
        }
    }
}
