/// One piece of markup, as `HTMLScanner` reads it.
enum HTMLToken: Equatable, Sendable {
    /// A start tag: its name in lower case, its attributes in order (names in lower case, values
    /// with character references decoded), and whether it ended in `/>`.
    case start(name: String, attributes: [HTMLAttribute], selfClosing: Bool)
    /// An end tag, its name in lower case.
    case end(name: String)
    /// Text between tags, character references decoded.
    case text(String)
}

/// An attribute of a start tag.
struct HTMLAttribute: Equatable, Sendable {
    var name: String
    var value: String
}
