import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif
import CoreMetrics
import Synchronization

// The only place where Swift objects cross C's `void *` arguments (libmicrohttpd's, and
// pthread_create's for the server's own threads).
// The ServerCore goes in unretained: the Server owns it and outlives the daemon
// (MHD_stop_daemon returns before the core can be released). Each PendingRequest
// is retained into `*con_cls` on the first access-handler call and released in
// NOTIFY_COMPLETED, which libmicrohttpd calls for every request that reached the
// handler, including those cut off by errors, timeouts or shutdown.

extension Server {
    /// Starts libmicrohttpd with the callbacks below; nil when it refuses.
    static func startDaemon(
        core: ServerCore, configuration: ServerConfiguration, address: SocketAddress
    ) -> OpaquePointer? {
        // poll(), not epoll: in 0.9.75, MHD_quiesce_daemon on an epoll daemon races
        // its worker threads over removing the listening socket from the epoll set,
        // and the loser aborts the process (measured: about one shutdown in 1,400
        // under load). With poll() quiescing only signals the workers, and keep-alive
        // throughput measured the same. ITC makes quiescing possible at all.
        // Suspending lets a request wait for its answer without holding a worker thread.
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
            | MHD_USE_ITC.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let cls = Unmanaged.passUnretained(core).toOpaque()
        return address.withSockaddr { sockaddr in
            shim_start_daemon(
                flags, sockaddr, accessHandler, cls, requestCompleted, cls, connectionNotified, cls,
                UInt32(configuration.threads), UInt32(configuration.connectionLimit),
                // A trusted proxy speaks for many clients, one connection for each of their streams.
                UInt32(configuration.trustedProxies.isEmpty ? configuration.perIPConnectionLimit : 0),
                UInt32(configuration.connectionTimeout), configuration.connectionMemoryLimit)
        }
    }
}

private func accessHandler(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>?,
    conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let uploadDataSize, let conCls else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    guard let state = conCls.pointee else {
        let pending = PendingRequest(
            method: method.flatMap(HTTPMethod.init(wire:)),
            path: url.map { String(cString: $0) } ?? "/",
            headers: HTTPHeaders(fields: values(of: connection, kind: .HEADER_KIND)))
        conCls.pointee = Unmanaged.passRetained(pending).toOpaque()
        core.inFlight.add(1, ordering: .sequentiallyConsistent)
        core.metrics.inFlight.increment()
        core.requestsBegun.wrappingAdd(1, ordering: .relaxed)
        return begin(pending, on: connection, core: core)
    }
    let pending = Unmanaged<PendingRequest>.fromOpaque(state).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
        defer { uploadDataSize.pointee = 0 }
        return receive(uploadData, count: uploadDataSize.pointee, for: pending, limit: core.maxBodySize)
    }
    return finish(pending, on: connection, core: core)
}

/// The headers have arrived. Nothing is queued here unless the request is
/// refused: answering on the first call makes libmicrohttpd close kept-alive
/// connections.
private func begin(_ pending: PendingRequest, on connection: OpaquePointer, core: ServerCore) -> MHD_Result {
    if RequestFraming(pending.headers).isAmbiguous {
        // Closing too: the bytes after these headers cannot be trusted to start a request.
        pending.isRefused = true
        return answer(ServerCore.ambiguousFraming, for: pending, on: connection, closing: true, requestID: core.requestIDs.next(), core: core)
    }
    let declared = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length")
        .flatMap { UInt64(String(cString: $0)) } ?? 0
    if declared > UInt64(core.maxBodySize) {
        // Answering before the body is read makes libmicrohttpd skip the body and
        // close the connection afterwards, so the upload is never received.
        pending.isTooLarge = true
        return answer(ServerCore.payloadTooLarge, for: pending, on: connection, closing: true, requestID: core.requestIDs.next(), core: core)
    }
    if pending.method == .post {
        // Nil unless the body is url-encoded or multipart.
        pending.postProcessor = MHD_create_post_processor(
            connection, 16 * 1024, postDataIterator, Unmanaged.passUnretained(pending).toOpaque())
    }
    // Any other body is kept as it arrives, for the responder (`Request.body`).
    pending.keepsBody = pending.postProcessor == nil
    return .YES
}

/// A chunk of the body has arrived.
private func receive(
    _ chunk: UnsafePointer<CChar>?, count: Int, for pending: PendingRequest, limit: Int
) -> MHD_Result {
    guard pending.countBody(count, limit: limit) else {
        discardPostProcessor(of: pending)
        // A body without Content-Length that grows too large is drained for a
        // while so the client can still read its 413; past twice the limit the
        // connection is dropped instead.
        return pending.bodySize / 2 > limit ? .NO : .YES
    }
    if pending.keepsBody, let chunk {
        pending.body.append(contentsOf: UnsafeRawBufferPointer(start: chunk, count: count))
    } else if let processor = pending.postProcessor, MHD_post_process(processor, chunk, count) == .NO {
        // A malformed form keeps the fields parsed so far.
        discardPostProcessor(of: pending)
    }
    return .YES
}

/// The whole request has arrived: answer it at once when the responder's reply is ready, else
/// put its work off to the worker's round (`RequestRound`), and answer when libmicrohttpd calls
/// again: then, or once the work's answer is delivered if it waits (libmicrohttpd calls again
/// after the resume).
private func finish(_ pending: PendingRequest, on connection: OpaquePointer, core: ServerCore) -> MHD_Result {
    if pending.isDeferred {
        let round = RequestRound.current
        if pending.task == nil { round.run(continuations: core.continuations) }
        guard let task = pending.task else {
            // Not started: the worker holds as many pages as it may (`RequestRound.limit`). The
            // connection waits suspended until a place comes free; while the server drains,
            // libmicrohttpd calls again instead (nothing may stay suspended at its stop).
            if !core.isDraining {
                round.park(pending, on: connection, in: core.parked)
                // Read after parking: draining resumes the requests it finds, or this sees it.
                if core.isDraining { core.parked.resume(parkedFor: pending) }
            }
            return .YES
        }
        pending.isDeferred = false
        if let response = pending.earlyAnswer {
            pending.earlyAnswer = nil
            return answer(response, for: pending, on: connection, closing: core.isDraining, requestID: pending.requestID, core: core)
        }
        return wait(for: task, pending, on: connection, core: core)
    }
    if let task = pending.task {
        // Resumed: its answer came, or jobs for this worker to run.
        stopWaiting(pending, core: core)
        return wait(for: task, pending, on: connection, core: core)
    }
    // Destroying the processor flushes the last field into `pending`.
    discardPostProcessor(of: pending)
    guard let method = pending.method else {
        return answer(ServerCore.methodNotAllowed, for: pending, on: connection, closing: core.isDraining, requestID: core.requestIDs.next(), core: core)
    }
    if pending.isTooLarge {
        return answer(ServerCore.payloadTooLarge, for: pending, on: connection, closing: true, requestID: core.requestIDs.next(), core: core)
    }
    if pending.isRefused {
        return answer(ServerCore.ambiguousFraming, for: pending, on: connection, closing: true, requestID: core.requestIDs.next(), core: core)
    }
    let arguments = values(of: connection, kind: .GET_ARGUMENT_KIND)
    var request = Request(
        method: method, path: pending.path,
        query: firstValues(arguments), queryItems: arguments,
        headers: pending.headers,
        cookies: firstValues(values(of: connection, kind: .COOKIE_KIND)),
        form: pending.form,
        clientAddress: clientAddress(of: connection),
        body: pending.body,
        logger: core.logger)
    if !core.proxies.isEmpty { core.proxies.apply(to: &request) }
    if request.id.isEmpty { request.id = core.requestIDs.next() }
    pending.requestID = request.id
    pending.clientAddress = request.clientAddress
    switch core.reply(for: request) {
    case .ready(let response):
        return answer(response, for: pending, on: connection, closing: core.isDraining, requestID: request.id, core: core)
    case .pending(let work):
        RequestRound.current.add(pending, request: request, deadline: .now + core.requestDeadline, work: work)
        return .YES
    }
}

/// The request's work has begun and has not answered: the worker runs the jobs its task kept
/// for it, and answers, or suspends the connection until a job or the answer comes (counted
/// as waiting, and watched for its deadline and its client leaving, until then).
private func wait(
    for task: RequestTask, _ pending: PendingRequest, on connection: OpaquePointer, core: ServerCore
) -> MHD_Result {
    let suspended = RequestTask.Connection(pointer: connection, socket: shim_connection_socket(connection))
    while true {
        switch task.suspend(suspended) {
        case .answer(let response):
            return answer(response, for: pending, on: connection, closing: core.isDraining, requestID: pending.requestID, core: core)
        case .runJobs:
            task.runJobs()
        case .wait:
            core.suspensions.add(task)
            pending.isWaiting = true
            core.metrics.waiting.increment()
            // Read after the task was added: shutdown answers the tasks it finds, or this sees it.
            if core.isStopping { task.abandon(with: Suspensions.stopping) }
            return .YES
        }
    }
}

/// The peer's address as text, or "" when libmicrohttpd cannot tell.
private func clientAddress(of connection: OpaquePointer) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { text in
        guard let start = text.baseAddress, shim_client_address(connection, start, text.count) != 0 else { return "" }
        return String(cString: start)
    }
}

private func discardPostProcessor(of pending: PendingRequest) {
    if let processor = pending.postProcessor {
        pending.postProcessor = nil
        _ = MHD_destroy_post_processor(processor)
    }
}

private func requestCompleted(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, reason: MHD_RequestTerminationCode
) {
    guard let cls, let conCls, let state = conCls.pointee else { return }
    conCls.pointee = nil
    let pending = Unmanaged<PendingRequest>.fromOpaque(state).takeRetainedValue()
    pending.isCompleted = true
    RequestRound.release(pending)
    pending.task?.release()
    discardPostProcessor(of: pending)
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    stopWaiting(pending, core: core)
    core.inFlight.subtract(1, ordering: .sequentiallyConsistent)
    core.metrics.inFlight.decrement()
    if let answered = pending.answered {
        core.metrics.record(
            method: pending.method?.rawValue ?? "other", status: answered.status, screen: answered.screen,
            duration: ContinuousClock.now - pending.began)
        for incident in answered.incidents { core.metrics.record(incident: incident) }
    }
}

/// Queues `response` for `pending`, remembering what it was for the request's metrics. An event
/// stream is queued only within the server's limits, and is otherwise answered why not.
private func answer(
    _ response: Response, for pending: PendingRequest, on connection: OpaquePointer, closing: Bool, requestID: String,
    core: ServerCore
) -> MHD_Result {
    var response = response
    if case .events(let stream) = response.body {
        switch core.eventStreams.admit(stream, from: pending.clientAddress) {
        case .refused(let refusal):
            response = refusal
        case .admitted(let key):
            // A stream lasts: the round that ran it holds nothing for it.
            RequestRound.release(pending)
            stream.onTermination { [streams = core.eventStreams] in streams.remove(key) }
            let socket = shim_connection_socket(connection)
            stream.attach(EventStream.Connection(pointer: connection, socket: socket))
            core.eventStreams.watchHangUp(of: socket, key: key)
        }
    }
    pending.answered = ((200...599).contains(response.status.code) ? response.status.code : 500, response.screen,
                        response.incidents)
    return response.queue(on: connection, closing: closing, requestID: requestID)
}

/// libmicrohttpd's handle on a response whose body it sends from `bytes`' own storage, which the
/// response keeps (retained) until libmicrohttpd frees it: a page's or a kept file's bytes are
/// not copied for every answer, as they were with `MHD_RESPMEM_MUST_COPY`.
func makeBytesResponse(_ bytes: [UInt8]) -> OpaquePointer? {
    let kept = KeptBytes(bytes)
    let cls = Unmanaged.passRetained(kept).toOpaque()
    guard let response = MHD_create_response_from_buffer_with_free_callback_cls(
        kept.count, kept.start, keptBytesFreed, cls)
    else {
        Unmanaged<KeptBytes>.fromOpaque(cls).release()
        return nil
    }
    return response
}

private func keptBytesFreed(cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<KeptBytes>.fromOpaque(cls).release()
}

/// libmicrohttpd's handle on an event stream's response: the stream is retained until the
/// response is destroyed, which ends it.
func makeEventResponse(_ stream: EventStream) -> OpaquePointer? {
    let cls = Unmanaged.passRetained(stream).toOpaque()
    guard let response = MHD_create_response_from_callback(UInt64.max, 4096, readEvents, cls, eventResponseFreed) else {
        Unmanaged<EventStream>.fromOpaque(cls).release()
        stream.terminate()
        return nil
    }
    return response
}

private func readEvents(cls: UnsafeMutableRawPointer?, position: UInt64, buffer: UnsafeMutablePointer<CChar>?, max: Int) -> Int {
    guard let cls, let buffer else { return -1 }
    return Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue()
        .read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
}

private func eventResponseFreed(cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue().terminate()
}

/// The request no longer waits: out of the suspensions and the waiting count.
private func stopWaiting(_ pending: PendingRequest, core: ServerCore) {
    if let task = pending.task { core.suspensions.remove(task) }
    if pending.isWaiting {
        pending.isWaiting = false
        core.metrics.waiting.decrement()
    }
}

/// Counts the open connections, which shutdown waits for (see `Server.shutdown(timeout:)`).
private func connectionNotified(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_ConnectionNotificationCode
) {
    guard let cls else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    switch code {
    case .CONNECTION_NOTIFY_STARTED: core.openConnections.add(1, ordering: .sequentiallyConsistent)
    case .CONNECTION_NOTIFY_CLOSED: core.openConnections.subtract(1, ordering: .sequentiallyConsistent)
    default: break
    }
}

private func postDataIterator(
    cls: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?,
    filename: UnsafePointer<CChar>?, contentType: UnsafePointer<CChar>?,
    transferEncoding: UnsafePointer<CChar>?, data: UnsafePointer<CChar>?, offset: UInt64, size: Int
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    Unmanaged<PendingRequest>.fromOpaque(cls).takeUnretainedValue().receiveField(
        name: String(cString: key), isFile: filename != nil, offset: offset,
        bytes: UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    return .YES
}

/// The request's values of one kind, in order. Read with their lengths rather
/// than as C strings, so an embedded NUL cannot cut one short. A key without a
/// value (`?flag`) maps to "".
private func values(of connection: OpaquePointer, kind: MHD_ValueKind) -> [(name: String, value: String)] {
    // Counted first (libmicrohttpd walks its list without a callback): a browser's dozen headers
    // grown into an array one by one took five allocations.
    let count = MHD_get_connection_values_n(connection, kind, nil, nil)
    guard count > 0 else { return [] }
    var pairs: [(name: String, value: String)] = []
    pairs.reserveCapacity(Int(count))
    withUnsafeMutablePointer(to: &pairs) { _ = MHD_get_connection_values_n(connection, kind, collectValue, $0) }
    return pairs
}

private func collectValue(
    cls: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?, keySize: Int,
    value: UnsafePointer<CChar>?, valueSize: Int
) -> MHD_Result {
    guard let cls, let key else { return .YES }
    cls.assumingMemoryBound(to: [(name: String, value: String)].self).pointee
        .append((name: decode(key, keySize), value: value.map { decode($0, valueSize) } ?? ""))
    return .YES
}

private func decode(_ bytes: UnsafePointer<CChar>, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
}

private func firstValues(_ pairs: [(name: String, value: String)]) -> [String: String] {
    Dictionary(pairs, uniquingKeysWith: { first, _ in first })
}

extension RequestRound {
    /// The calling thread's round, made on first use and released when the thread exits.
    static var current: RequestRound {
        if let round = pthread_getspecific(roundKey) {
            return Unmanaged<RequestRound>.fromOpaque(round).takeUnretainedValue()
        }
        let round = RequestRound()
        _ = pthread_setspecific(roundKey, Unmanaged.passRetained(round).toOpaque())
        return round
    }
}

/// The key of each thread's `RequestRound`: the worker threads are libmicrohttpd's, so the
/// round cannot be a variable of a thread of ours.
private let roundKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key) { round in
        if let round { Unmanaged<RequestRound>.fromOpaque(round).release() }
    }
    precondition(result == 0, "pthread_key_create failed: \(result)")
    return key
}()

/// Starts `body` on a joinable thread; `body` is released on that thread before it exits.
func startThread(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) -> pthread_t {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN)))
    let start = Unmanaged.passRetained(ThreadStart(body, name: name)).toOpaque()
    var handle = pthread_t()
    let result = pthread_create(&handle, &attributes, { argument in
        runThread(Unmanaged<ThreadStart>.fromOpaque(argument!).takeRetainedValue())
        return nil
    }, start)
    precondition(result == 0, "pthread_create failed: \(result)")
    return handle
}

private final class ThreadStart {
    let body: @Sendable () -> Void
    let name: String

    init(_ body: @escaping @Sendable () -> Void, name: String) {
        self.body = body
        self.name = String(decoding: name.utf8.prefix(15), as: UTF8.self)
    }
}

/// A function of its own so that the thread's every reference is released when it returns,
/// before the thread ends.
private func runThread(_ start: ThreadStart) {
    shim_name_thread(start.name)
    start.body()
}
