import Foundation
import Navigation
import NavigationHTML

/// Who is signed in: an account of the notes database.
public struct Account: Identity, Equatable {
    public let id: Int64
    public let name: String
    /// Moved by every sign-out and password change: a sign-in cookie of an earlier generation
    /// opens nothing.
    public let sessionGeneration: Int

    /// The navigation state is this sign-in's: another account's, or an earlier sign-in's, is
    /// never restored to it.
    public var stateKey: String { "\(id).\(sessionGeneration)" }

    /// The form every spelling of a name shares: case folded, then composed (Unicode NFC), so
    /// that "Zoë" typed with a combining diaeresis and "ZOË" are one account, one count of
    /// failed sign-ins.
    public static func key(for name: String) -> String {
        name.precomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// What a name may be: 1 to 64 letters, digits, dots, dashes or underscores (at most 256
    /// bytes), one line.
    public static let nameRule = TextRule(
        label: "name", maxLength: 64,
        characters: CharacterSet.letters.union(.decimalDigits).union(CharacterSet(charactersIn: "._-")),
        described: "letters, digits, dots, dashes or underscores")
}
