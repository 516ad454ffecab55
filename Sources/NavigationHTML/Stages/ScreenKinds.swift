import MicroHTTP
import Navigation

/// The metrics' screen labels already made (`NavigationResponder.screenKind(of:)`), so that a
/// page's label costs a dictionary lookup instead of encoding its route to read the case's name
/// and joining strings: labels are a per-request extra, and their series are registered once.
///
/// Keyed by the values the label is made of; routes carry ids, so the keys are not bounded
/// the way the labels are: past `limit` keys the table starts again.
final class ScreenKinds<Schema: NavigationSchema>: Sendable {
    struct Key: Hashable, Sendable {
        let tab: Schema.Tab
        let route: Schema.Route?
        let destination: Schema.Destination?
    }

    private let kinds = Locked<[Key: String]>([:])
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The label of `key`, made by `make` the first time.
    func kind(of key: Key, make: (Key) -> String) -> String {
        if let known = kinds.withLock({ $0[key] }) { return known }
        let made = make(key)
        kinds.withLock { kinds in
            if kinds.count >= limit { kinds.removeAll(keepingCapacity: true) }
            kinds[key] = made
        }
        return made
    }
}
