import Testing
@testable import NavigationHTML

/// The byte search the responder reads `Accept` and `Referer` with agrees with `contains` on
/// every placement, and on text that is not ASCII.
@Suite struct ContainsBytesTests {
    @Test func findsWhatContainsFinds() {
        let texts = ["", "p", "present", "present=", "?present=", "a?present=sheet", "/x?tab=1&present=",
                     "présent=", "pres\u{301}ent=", "text/html,application/json;q=0.9", "application/jso",
                     "é?present=é", String(repeating: "presen", count: 50) + "t="]
        for text in texts {
            #expect(text.containsBytes("present=") == Array(text.utf8).windows("present=").contains(true), "\(text)")
            #expect(text.containsBytes("present=") == text.contains("present="), "\(text)")
            #expect(Substring(text).containsBytes("application/json") == text.contains("application/json"), "\(text)")
        }
        #expect("x".containsBytes(""))
    }

    /// The offset is the first window's, past partial matches and at either end.
    @Test func findsTheFirstPlace() {
        let cases: [(String, String)] = [
            ("", "a"), ("a", ""), ("abc", "abc"), ("abc", "abcd"), ("aaab", "aab"), ("xhref=\"/a\" href=\"/b\"", "href=\"/b\""),
            ("abcabd", "abd"), ("ab", "b"), ("ba", "b"), ("hhhh", "hh"), ("é présent", "présent"),
        ]
        for (text, part) in cases {
            let bytes = Array(text.utf8)
            let expected = part.isEmpty ? 0 : bytes.windows(part).firstIndex(of: true)
            let found = bytes.withUnsafeBufferPointer { page in Array(part.utf8).withUnsafeBufferPointer { page.firstOffset(of: $0) } }
            #expect(found == expected, "\(text) / \(part)")
        }
    }
}

private extension Array where Element == UInt8 {
    func windows(_ part: String) -> [Bool] {
        let needle = Array(part.utf8)
        guard count >= needle.count else { return [] }
        return (0...(count - needle.count)).map { Array(self[$0..<$0 + needle.count]) == needle }
    }
}
