import Foundation
import Testing
@testable import NavigationHTML

/// The trimming forms' values get agrees with Foundation's `trimmingCharacters(in:
/// .whitespacesAndNewlines)` on every kind of edge: ASCII and Unicode spaces, line breaks,
/// combining marks after a space, text that is all whitespace.
@Suite struct TrimmingWhitespaceTests {
    @Test func trimsWhatFoundationTrims() {
        let edges = ["", " ", "\t", "\n", "\r\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{2029}",
                     "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{0B}", "\u{0C}", "\u{1}", "\u{7F}"]
        let middles = ["", "a", "Electronics", "a b", "é", "e\u{301}", "\u{301}", " \u{301}", "日本", "x\u{2003}y"]
        for before in edges {
            for middle in middles {
                for after in edges {
                    let text = before + middle + after
                    #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines),
                            "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }
    }
}
