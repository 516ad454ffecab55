/// A window's own state, as SwiftUI keeps a scene's: two windows (browser tabs) of one browser
/// share one cookie, which holds the state of the window last used and, apart, the own parts of
/// the others (their selected tab, stacks, selections, column choices, scene storage and flow
/// draft). What belongs to the browser (the tab arrangement, feature flags, the context, who is
/// signed in, the form nonce) is shared.
///
/// The library's script names its window on each request it makes (a short-lived cookie); a
/// request that names none, as from curl or a browser without the script, is served the state of
/// the window last used, and without the script every window shares one state.
extension StoredState {
    /// How many windows besides the one in use a cookie keeps. The least recently used goes first,
    /// and every other window before any screen of the one in use when the cookie is full.
    public static var maxOtherWindows: Int { 4 }

    /// Whether `id` can name a window: 1 to 32 letters, digits, `-` and `_`.
    public static func isWindowID(_ id: some StringProtocol) -> Bool {
        (1...32).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    /// Makes `id`'s window the one in use; true when anything moved. The window in use until now
    /// is kept apart, first among the others, when it has an id. A window met before takes its own
    /// part back; a new one starts as a copy of the window last used (a tab opened from another
    /// begins where that one was).
    ///
    /// A request that names no window (nil) is served the state of the window last used, as a
    /// window of no id: a new tab's first page, or an address typed, come before a script names
    /// them. The next window to name itself takes that state as its own when it has none kept (a
    /// new tab), or when it says the request was its own (`adoptingUnnamed`: the script knows its
    /// page came from a request it did not name, such as Back or a reload); a window with its own
    /// part kept takes that back instead.
    @discardableResult
    public mutating func switchWindow(to id: String?, adoptingUnnamed: Bool = false) -> Bool {
        guard id != window else { return false }
        let previous = window.map { OtherWindow<Schema>(id: $0, state: state) }
        if let id, let index = otherWindows.firstIndex(where: { $0.id == id }) {
            let own = otherWindows.remove(at: index)
            if previous != nil || !adoptingUnnamed { state.windowPart = own.state.windowPart }
        }
        if let previous { otherWindows.insert(previous, at: 0) }
        if otherWindows.count > Self.maxOtherWindows { otherWindows.removeLast(otherWindows.count - Self.maxOtherWindows) }
        window = id
        return true
    }

    /// Carries the windows of `read` (the cookie the request brought) into this state, to be
    /// written: the window in use, and the others unless this state's context or owner is no
    /// longer `read`'s (they were another context's: forgotten, as the window in use forgot its
    /// stacks).
    public mutating func keepWindows(of read: StoredState<Schema>) {
        window = read.window
        guard state.context == read.state.context, state.owner == read.state.owner else { return }
        otherWindows = read.otherWindows
    }
}

/// Another window's own part of the state, kept in the same cookie (see `StoredState.window`).
struct OtherWindow<Schema: NavigationSchema>: Hashable, Sendable {
    let id: String
    /// Its own part (`NavigationState.windowPart`); the rest is the window in use's.
    var state: NavigationState<Schema>
}

extension NavigationState {
    /// What one browser window keeps apart from the others: the selected tab, every tab's stack,
    /// split-view selection and column choice, the scene storage and the flow's draft.
    /// Presentations live in the URL, the rest is shared.
    var windowPart: NavigationState<Schema> {
        get {
            var part = NavigationState(selectedTab: selectedTab)
            for tab in Schema.Tab.allCases where !self[tab].isEmpty { part[tab] = self[tab] }
            part.sceneStorage = sceneStorage
            part.flow = flow
            return part
        }
        set {
            selectedTab = newValue.selectedTab
            for tab in Schema.Tab.allCases { self[tab] = newValue[tab] }
            sceneStorage = newValue.sceneStorage
            flow = newValue.flow
        }
    }
}
