import Synchronization

/// What the server has gathered about one request across libmicrohttpd's calls
/// to the access handler (headers first, then body chunks, then a final call).
///
/// Not Sendable: libmicrohttpd handles a connection on a single worker thread, so
/// an instance is only ever touched from that thread.
final class PendingRequest {
    /// Nil when the method is not one the server hands to responders.
    let method: HTTPMethod?
    let path: String
    /// Read once, when they arrive: the framing check and the request share them.
    let headers: HTTPHeaders
    /// The `MHD_PostProcessor` parsing the body, when it is a form.
    var postProcessor: OpaquePointer?
    /// Set when the body is, or is declared to be, larger than allowed.
    var isTooLarge = false
    /// Set when the headers state the body's length ambiguously.
    var isRefused = false
    /// The responder's work, once it has started (see `RequestRound`).
    var task: RequestTask?
    /// Set while the work waits in the worker's `RequestRound`, and until the handler, called
    /// again, has looked for its answer.
    var isDeferred = false
    /// The answer, when the round's run of the work gave it without waiting.
    var earlyAnswer: Response?
    /// Set once libmicrohttpd is done with the request (its connection may then be freed).
    var isCompleted = false
    /// The round whose run gave the answer, which counts it among those it holds until sent,
    /// and the round's generation then.
    var heldBy: (round: RequestRound, generation: Int)?
    /// Whether the body is kept as it arrives (it is not a form, which the post processor parses).
    var keepsBody = false
    /// The body, when `keepsBody`.
    var body: [UInt8] = []
    /// The request's id, once the whole request has arrived (answered in `X-Request-Id`).
    var requestID = ""
    /// The client's address, a trusted proxy's word included, once the whole request has arrived.
    var clientAddress = ""
    /// When the headers arrived, for the request's duration.
    let began = ContinuousClock.now
    /// Whether the request waits with its connection suspended (counted as waiting).
    var isWaiting = false
    /// Set while the request waits for its work to start with its connection suspended (see
    /// `ParkedRequests`).
    var parked: ParkedRequests.Entry?
    /// The answer's status and `Response.screen`, once queued; nil if none was.
    var answered: (status: Int, screen: String?, incidents: [String])?
    private(set) var bodySize = 0
    private var fields: [String: [UInt8]] = [:]
    /// The field whose value is arriving; nil while skipping a repeated name or a file.
    private var currentField: String?

    init(method: HTTPMethod?, path: String, headers: HTTPHeaders) {
        self.method = method
        self.path = path
        self.headers = headers
        #if DEBUG
        Self.alive.add(1, ordering: .relaxed)
        #endif
    }

    #if DEBUG
    /// How many requests' states exist, in debug builds: the tests' way to see that the server
    /// keeps none past its request (load tests, run alone, read it while the server is under way).
    static let alive = Atomic(0)

    deinit {
        Self.alive.subtract(1, ordering: .relaxed)
    }
    #endif

    /// Adds `count` bytes to the body size; false once the body exceeds `limit`.
    func countBody(_ count: Int, limit: Int) -> Bool {
        bodySize += count
        if bodySize > limit { isTooLarge = true }
        return !isTooLarge
    }

    /// Takes one piece of a form field's value. Pieces of a value arrive in order,
    /// the first with offset 0; the first field with a given name wins.
    func receiveField(name: String, isFile: Bool, offset: UInt64, bytes: UnsafeRawBufferPointer) {
        if offset == 0 {
            currentField = isFile || fields[name] != nil ? nil : name
            if let currentField { fields[currentField] = [] }
        }
        if let currentField { fields[currentField, default: []].append(contentsOf: bytes) }
    }

    var form: [String: String] {
        // `mapValues` allocates even for no fields, and most requests have none.
        fields.isEmpty ? [:] : fields.mapValues { String(decoding: $0, as: UTF8.self) }
    }
}
