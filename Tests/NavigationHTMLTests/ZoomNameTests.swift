@testable import NavigationHTML
import Testing

/// A zoom's `view-transition-name`: every identifier gives a valid CSS name, and no two the same.
@Suite struct ZoomNameTests {
    @Test func escapesEveryByteOutsideLettersDigitsAndHyphens() {
        #expect(NavigationTransition.zoomName(of: "apple-pie") == "zoom-apple-pie")
        #expect(NavigationTransition.zoomName(of: "") == "zoom-")
        #expect(NavigationTransition.zoomName(of: "note 3_") == "zoom-note_203_5F")
        #expect(NavigationTransition.zoomName(of: "crème\u{0}/") == "zoom-cr_C3_A8me_00_2F")
    }

    /// Random identifiers, ASCII and not: the name holds only name bytes after its prefix, and
    /// reads back as the identifier.
    @Test func namesReadBackAsTheirIdentifiers() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "9", "-", "_", " ", "é", "\u{1F34E}", "%", "\u{7F}", "\u{0}"]
        for _ in 0..<2_000 {
            let id = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let name = NavigationTransition.zoomName(of: id)
            #expect(name.hasPrefix("zoom-"))
            let body = Array(name.utf8.dropFirst(5))
            #expect(body.allSatisfy { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || ($0 < 0x80 && Character(Unicode.Scalar($0)).isLetter) || ($0 < 0x80 && Character(Unicode.Scalar($0)).isNumber) }, "\(name)")
            #expect(Self.identifier(of: body) == Array(id.utf8), "\(id)")
        }
    }

    /// The identifier's bytes a name stands for.
    private static func identifier(of name: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = 0
        while index < name.count {
            if name[index] == UInt8(ascii: "_") {
                bytes.append(UInt8(String(decoding: name[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)!)
                index += 3
            } else {
                bytes.append(name[index])
                index += 1
            }
        }
        return bytes
    }
}
