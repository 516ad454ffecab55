extension StoredState {
    /// Whether the cookie written from this state reads back as exactly this state, flags
    /// included, given routes that read back their own segments (``PathRepresentable``'s
    /// contract). What the cookie shortens or the reader normalizes is left to the reader: a
    /// notice past 200 bytes, a flow's draft in any window (its `Codable` form is the app's), a
    /// tab hidden that cannot be, and a state read with screens or a draft left out.
    var readsBackAsWritten: Bool {
        !leftOutScreens && !leftOutDraft && state.flow == nil && (notice?.utf8.count ?? 0) <= 200
            && state.customization.hidden.allSatisfy { $0.canBeHidden }
            && otherWindows.allSatisfy { $0.state.flow == nil }
    }
}
