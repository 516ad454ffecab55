/// The JSON of the routes and destinations states were written with, kept so that the next
/// state holding them copies their bytes instead of encoding them again
/// (``NavigationState/sortedJSON(cache:)``).
///
/// A route is encoded through its `Codable` conformance, whose nested keyed containers the
/// standard library boxes one by one: that was most of the JSON state's cost, for values a
/// server writes again on every request of the same screens.
///
/// Contracts: thread-safe; a value's kept bytes are what ``NavigationState/sortedJSON()`` writes
/// for it; a value whose encoding throws is not kept. Routes carry ids that come from URLs, so the
/// values are not bounded: past `limit` routes (or destinations) the table starts afresh.
///
/// ```swift
/// let cache = SortedJSONCache<AppSchema>()
/// let body = try state.sortedJSON(cache: cache)   // the bytes of `state.sortedJSON()`
/// ```
public final class SortedJSONCache<Schema: NavigationSchema>: Sendable {
    private let routes: KeptValues<Schema.Route, [UInt8]>
    private let destinations: KeptValues<Schema.Destination, [UInt8]>

    /// A cache keeping at most `limit` routes and `limit` destinations at a time.
    public init(limit: Int = 1024) {
        routes = KeptValues(limit: max(limit, 1)) { $1.count }
        destinations = KeptValues(limit: max(limit, 1)) { $1.count }
    }

    /// The JSON of `route`, encoded the first time.
    func json(of route: Schema.Route) throws -> [UInt8] {
        try routes.value(for: route) { try SortedJSONEncoder.encode($0) }
    }

    /// The JSON of `destination`, encoded the first time.
    func json(of destination: Schema.Destination) throws -> [UInt8] {
        try destinations.value(for: destination) { try SortedJSONEncoder.encode($0) }
    }

    /// How many routes and destinations are kept.
    var count: (routes: Int, destinations: Int) {
        (routes.count, destinations.count)
    }
}
