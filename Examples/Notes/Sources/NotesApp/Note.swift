import NavigationHTML

/// One note of one account.
public struct Note: Sendable, Equatable {
    public let id: Int64
    public let folder: String
    public let title: String
    public let text: String

    /// A title: one line of at most 100 characters.
    public static let titleRule = TextRule(label: "title", maxLength: 100)
    /// The text: at most 1,000 characters, on as many lines as it needs; it may be empty.
    public static let textRule = TextRule(label: "text", maxLength: 1_000, allowsLineBreaks: true, isRequired: false)
}
