/// How the visible screen changed from one location to the next, so that a page can move the way
/// SwiftUI does: a push slides in from the trailing edge, a pop slides back, a sheet rises and
/// falls, a tab switch does not slide. The raw value is what the page's CSS selects on.
///
/// ```swift
/// Location.movement(from: Location(tab: .home), to: Location(tab: .home, path: [.settings]))  // .push
/// ```
public enum NavigationMovement: String, Sendable, CaseIterable {
    /// A screen was pushed on the visible stack (the new stack begins with the old one).
    case push
    /// Screens were popped (the old stack begins with the new one).
    case pop
    /// A screen was pushed on the top presentation's own stack.
    case pushPresented = "push-presented"
    /// The top presentation's own stack was popped.
    case popPresented = "pop-presented"
    /// Something is presented over the screen, or over the top presentation, that was not before.
    case present
    /// The top presentation was dismissed (or several, down to one that was there before).
    case dismiss
    /// Another tab was selected.
    case tab
    /// The stack or the presentation was replaced by an unrelated one (a new sidebar selection).
    case replace
    /// Nothing visible changed, or the previous screen is not known.
    case none
}

extension Location {
    /// How the screen moved from `previous` (nil when not known) to `next`.
    public static func movement(from previous: Location?, to next: Location) -> NavigationMovement {
        movement(from: previous, to: next) { direction(from: $0, to: $1, push: .push, pop: .pop) }
    }

    /// `movement(from:to:)`, with `stackDirection` telling how the visible stack moved between
    /// the two (nil when it did not): for a caller that can tell without comparing routes.
    static func movement(
        from previous: Location?, to next: Location,
        stackDirection: (_ before: [Schema.Route], _ after: [Schema.Route]) -> NavigationMovement?
    ) -> NavigationMovement {
        guard let previous else { return .none }
        guard previous.tab == next.tab else { return .tab }
        let before = previous.presentations, after = next.presentations
        switch (before.last, after.last) {
        // A destination drawn as a push moves as a push does.
        case (_, let above?) where after.count > before.count && after.starts(with: before):
            return above.destination.style == .navigationDestination ? .push : .present
        case (let below?, _) where before.count > after.count && before.starts(with: after):
            return below.destination.style == .navigationDestination ? .pop : .dismiss
        case (let below?, let above?):
            guard before.count == after.count, below.destination == above.destination,
                  before.dropLast() == after.dropLast() else { return .replace }
            return direction(from: below.path.elements, to: above.path.elements, push: .pushPresented, pop: .popPresented)
                ?? .none
        case (nil, _?), (_?, nil):
            return .replace
        case (nil, nil):
            if let moved = stackDirection(previous.path, next.path) { return moved }
            return previous.selection == next.selection && previous.columns == next.columns ? .none : .replace
        }
    }

    /// Push when `after` extends `before`, pop when `before` extends `after`, replace when they
    /// part, nil when they are equal.
    static func direction(
        from before: [Schema.Route], to after: [Schema.Route], push: NavigationMovement, pop: NavigationMovement
    ) -> NavigationMovement? {
        if before == after { return nil }
        if after.count > before.count, after.starts(with: before) { return push }
        if before.count > after.count, before.starts(with: after) { return pop }
        return .replace
    }
}
