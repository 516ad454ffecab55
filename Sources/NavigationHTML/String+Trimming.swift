extension String {
    /// The text without the whitespace and line breaks around it: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives (its set is Unicode's
    /// `White_Space` and the zero-width space, trimmed scalar by scalar), without bridging to
    /// `NSString`, which cost a form's POST a fiftieth of its CPU. A value that starts and ends
    /// with a visible ASCII character, nearly every one posted, is returned as it is.
    var trimmingWhitespace: String {
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return self
        }
        let scalars = unicodeScalars
        let isKept = { (scalar: Unicode.Scalar) in !scalar.properties.isWhitespace && scalar.value != 0x200B }
        guard let start = scalars.firstIndex(where: isKept), let end = scalars.lastIndex(where: isKept)
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
