extension CookieReading {
    /// How the visible stack moved from the one left unread (what the last page showed of the
    /// URL's tab): `.push` when `visible` goes on from it, `.pop` when it goes on from `visible`,
    /// `.none` when they are the same and `.replace` when they part; nil when no stack was left
    /// unread. The two are compared as the cookie's JSON segments, as `holds(_:visible:)` compares
    /// them, rather than reading the unread stack's routes, which would cost a parse per screen of
    /// a deep stack on every page. A stack that goes on from another by whole segments is taken
    /// to go on by whole routes, as every route's segments read back alone.
    public func unreadStackMovement(to visible: EncodedStack<Schema.Route>) -> NavigationMovement? {
        guard let (_, json) = unread else { return nil }
        var writer = JSONWriter()
        writer.segments(of: visible.routes, visible: visible)
        let next = writer.bytes[...]
        if next.elementsEqual(json) { return NavigationMovement.none }
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
        return longer.starts(with: open) && longer[longer.startIndex + open.count] == UInt8(ascii: ",")
    }
}
