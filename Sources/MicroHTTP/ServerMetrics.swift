import CoreMetrics

/// The server's metrics, through swift-metrics (whatever backend the app bootstraps, or the
/// factory it hands the server):
///
/// - `http_requests_total`, a counter, and `http_request_duration_seconds`, a timer from the
///   request's headers to its answer's last byte, each labelled `method`, `status` and `screen`;
/// - `http_requests_in_flight` and `http_requests_waiting` (on their data, their connection
///   suspended), meters;
/// - `http_event_streams_open`, a meter of the event streams open (see `EventStream`);
/// - `http_incidents_total`, a counter labelled `incident`: what went wrong in an answer but was
///   handled, by the bounded names the responder gives (`Response.incidents`).
///
/// `screen` is the answer's `Response.screen`: a bounded name the responder gives (a screen's
/// tab and route case, a route's pattern, `file`), never the path, which may spell a whole stack
/// and would make the series unbounded; `other` when the responder gave none.
final class ServerMetrics: Sendable {
    private struct Key: Hashable {
        let method: String
        let status: Int
        let screen: String
    }

    private struct Series {
        let requests: Counter
        let duration: Timer
    }

    private let factory: any MetricsFactory
    /// Behind `Locked`, not `Mutex`: every request's answer takes it, from several workers (see
    /// `Locked` on ThreadSanitizer and contended hand-overs).
    private let series = Locked<[Key: Series]>([:])
    private let incidents = Locked<[String: Counter]>([:])
    let inFlight: Meter
    let waiting: Meter
    let eventStreams: Meter

    init(factory: any MetricsFactory) {
        self.factory = factory
        inFlight = Meter(label: "http_requests_in_flight", factory: factory)
        waiting = Meter(label: "http_requests_waiting", factory: factory)
        eventStreams = Meter(label: "http_event_streams_open", factory: factory)
    }

    /// Counts one answered request.
    func record(method: String, status: Int, screen: String?, duration: Duration) {
        let key = Key(method: method, status: status, screen: screen ?? "other")
        let series = series.withLock { series in
            if let found = series[key] { return found }
            let dimensions = [("method", key.method), ("status", String(key.status)), ("screen", key.screen)]
            let made = Series(
                requests: Counter(label: "http_requests_total", dimensions: dimensions, factory: factory),
                duration: Timer(label: "http_request_duration_seconds", dimensions: dimensions, factory: factory))
            series[key] = made
            return made
        }
        series.requests.increment()
        series.duration.recordNanoseconds(duration.nanoseconds)
    }
}

extension ServerMetrics {
    /// Counts one handled incident of an answer.
    func record(incident: String) {
        incidents.withLock { counters in
            if let found = counters[incident] { return found }
            let made = Counter(label: "http_incidents_total", dimensions: [("incident", incident)], factory: factory)
            counters[incident] = made
            return made
        }.increment()
    }
}

extension Duration {
    fileprivate var nanoseconds: Int64 {
        // Read once: each reading divides a 128-bit count of attoseconds.
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
