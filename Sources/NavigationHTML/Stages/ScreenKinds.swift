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

        // Written out: the derived `==` and `hash(into:)` compare and hash the optionals through
        // `Optional`'s generic conformance, which looks up the optionals' (and a tuple's) type
        // metadata at run time on every lookup: about 2 % of the split view's time in process.
        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.tab == rhs.tab && same(lhs.route, rhs.route) && same(lhs.destination, rhs.destination)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(tab)
            if let route { hasher.combine(route) } else { hasher.combine(0 as UInt8) }
            if let destination { hasher.combine(destination) } else { hasher.combine(1 as UInt8) }
        }

        private static func same<Value: Equatable>(_ lhs: Value?, _ rhs: Value?) -> Bool {
            guard let lhs else {
                if case .none = rhs { return true }
                return false
            }
            guard let rhs else { return false }
            return lhs == rhs
        }
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
