/// How a screen arrives, as SwiftUI's `.navigationTransition(_:)`: by default a push slides in
/// and a sheet rises; a zoom grows the screen out of the element it was opened from (a list row,
/// a toolbar button), and shrinks it back into that element when the user goes back.
///
/// ```swift
/// // The source, on the list:
/// ListRow(recipe.name, href: context.href(.push(.recipe(recipe.id)))).matchedTransitionSource(id: recipe.id)
/// // The destination:
/// Screen.list(recipe.name, sections: sections).navigationTransition(.zoom(sourceID: recipe.id))
/// ```
///
/// The page gives the source and the destination the same `view-transition-name`, so the
/// browser's cross-document view transition morphs one into the other; no script is involved.
/// Where the user asks for reduced motion, or the browser has no view transitions, the screen
/// simply appears.
public struct NavigationTransition: Sendable, Hashable {
    /// The source's `view-transition-name`, for a zoom.
    let zoomName: String?

    /// The default for the screen's kind: a push slides, a sheet rises, an alert fades.
    public static let automatic = NavigationTransition(zoomName: nil)

    /// Grows out of the element marked `matchedTransitionSource(id: sourceID)` on the page it is
    /// opened from.
    public static func zoom(sourceID: String) -> NavigationTransition {
        NavigationTransition(zoomName: zoomName(of: sourceID))
    }

    /// The `view-transition-name` of the source `id`: `zoom-` and the identifier, each byte
    /// outside letters, digits and `-` written `_` and two hex digits, so that any identifier
    /// makes a valid CSS name and no two make the same one.
    static func zoomName(of id: String) -> String {
        // Every row of a list is a source, and most identifiers need no escaping: those are
        // joined whole, not appended a byte at a time.
        // (Checked where the bytes lie: through the UTF-8 view's iterator it took forty
        // instructions a byte.)
        let isPlain = id.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isNameByte) } ?? id.utf8.allSatisfy(isNameByte)
        guard !isPlain else { return "zoom-" + id }
        var name: [UInt8] = Array("zoom-".utf8)
        name.reserveCapacity(5 + 3 * id.utf8.count)
        for byte in id.utf8 {
            if isNameByte(byte) {
                name.append(byte)
            } else {
                name += [UInt8(ascii: "_"), URLEncoding.hex[Int(byte >> 4)], URLEncoding.hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}

extension Screen {
    /// This screen arriving with `transition`: `.zoom(sourceID:)` grows it out of its source.
    public consuming func navigationTransition(_ transition: NavigationTransition) -> Screen {
        var screen = self
        screen.transition = transition
        return screen
    }
}

extension ListRow {
    /// This row as the source of a zoom (`NavigationTransition.zoom(sourceID: id)`), as SwiftUI's
    /// `.matchedTransitionSource(id:in:)`: the screen it opens grows out of it.
    public consuming func matchedTransitionSource(id: String) -> ListRow {
        var row = self
        row.zoomName = NavigationTransition.zoomName(of: id)
        return row
    }
}

extension ToolbarItem {
    /// This button as the source of a zoom (`NavigationTransition.zoom(sourceID: id)`): the sheet
    /// or screen it opens grows out of it.
    public consuming func matchedTransitionSource(id: String) -> ToolbarItem {
        var item = self
        item.zoomName = NavigationTransition.zoomName(of: id)
        return item
    }
}
