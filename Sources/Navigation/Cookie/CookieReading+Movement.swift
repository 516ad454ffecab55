extension CookieReading {
    /// How the screen moved from the one the cookie says the last page showed (its tab and stack;
    /// a cookie keeps no presentation) to `next`, whose stack is `visible`: the rules of
    /// `Location.movement(from:to:)`. The stack the URL replaced, left unread, is compared with
    /// `visible` as the cookie's JSON segments, as `holds(_:visible:)` compares them, rather than
    /// read into routes, which would cost a parse per screen of a deep stack on every page.
    public func movement(to next: Location<Schema>, visible: EncodedStack<Schema.Route>) -> NavigationMovement {
        Location.movement(from: stored.state.location, to: next) { before, after in
            // Without an unread stack, the cookie's own (read, or empty) is `before`.
            guard let moved = unreadStackMovement(to: visible) else {
                return Location<Schema>.direction(from: before, to: after, push: .push, pop: .pop)
            }
            return moved == .none ? nil : moved
        }
    }

    /// How the visible stack moved from the one left unread (what the last page showed of the
    /// URL's tab): `.push` when `visible` goes on from it, `.pop` when it goes on from `visible`,
    /// `.none` when they are the same and `.replace` when they part; nil when no stack was left
    /// unread. A stack that goes on from another by whole segments is taken to go on by whole
    /// routes, as every route's segments read back alone.
    func unreadStackMovement(to visible: EncodedStack<Schema.Route>) -> NavigationMovement? {
        guard let (_, json) = unread else { return nil }
        let next = JSONWriter.segments(of: visible.routes, visible: visible)[...]
        if next.hasSameBytes(as: json) { return NavigationMovement.none }
        if Self.goesOn(next, from: json) { return .push }
        if Self.goesOn(json, from: next) { return .pop }
        return .replace
    }

    /// Whether the JSON array of strings `longer` holds every element of `shorter`, in order,
    /// and more: `["a","b"]` goes on from `[]` and from `["a"]`, not from `["ab"]` or `["a","c"]`.
    private static func goesOn(_ longer: ArraySlice<UInt8>, from shorter: ArraySlice<UInt8>) -> Bool {
        guard longer.count > shorter.count, shorter.count >= 2 else { return false }
        if shorter.count == 2 { return true }
        let open = shorter.dropLast()
        return longer.hasPrefix(open) && longer[longer.startIndex + open.count] == UInt8(ascii: ",")
    }
}
