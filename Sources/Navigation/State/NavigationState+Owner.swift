/// The state and who it belongs to: an app with accounts binds each request's state to the
/// visitor (`NavigationResponder` does), and asks whether the screen shown needs one.
extension NavigationState {
    /// True when the state belongs to a signed-in visitor: what a tab shown only to them checks
    /// in `NavigationSchema.isHidden(_:in:)`, as SwiftUI's `.hidden(!isAuthenticated)`.
    public var isSignedIn: Bool { owner != nil }

    /// Makes the state `owner`'s: kept as it is when it is theirs already, else started anew —
    /// every stack at its root, nothing presented, no draft, no scene storage, the tabs as the
    /// app arranges them. So signing out clears the state, and a state kept for another account
    /// or an earlier sign-in (another ``Identity/stateKey``) is never shown to this one.
    ///
    /// ```swift
    /// state.bind(to: account.stateKey)   // "7.2": account 7, its second sign-in
    /// state.bind(to: nil)                // signed out: a new state
    /// ```
    public mutating func bind(to owner: String?) {
        guard owner != self.owner else { return }
        self = NavigationState()
        self.owner = owner
    }

    /// True when the screen shown needs a signed-in visitor: its tab, a screen on its stack or
    /// selected in its split view, a presentation or a screen on a presentation's stack
    /// ``Tab/requiresSignIn``, ``Route/requiresSignIn`` or ``Destination/requiresSignIn``.
    public var requiresSignIn: Bool {
        let tab = self[selectedTab]
        return selectedTab.requiresSignIn
            || tab.path.elements.contains { $0.requiresSignIn } || tab.selection.contains { $0.requiresSignIn }
            || presentations.contains { $0.destination.requiresSignIn || $0.path.elements.contains { $0.requiresSignIn } }
    }
}
