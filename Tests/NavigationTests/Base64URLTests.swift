import Foundation
@testable import Navigation
import Testing

@Suite struct Base64URLTests {
    @Test func roundTripsEveryLengthAndMatchesFoundationsAlphabetSwapped() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...70 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let text = Base64URL.encode(bytes)
            let expected = bytes.base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(text == expected)
            #expect(Base64URL.decode(Substring(text)) == bytes)
        }
        #expect(Base64URL.encode(Data([0xFB, 0xFF])) == "-_8")
    }

    @Test func refusesAnythingButCanonicalText() {
        #expect(Base64URL.decode("") == Data())
        #expect(Base64URL.decode("QQ") == Data("A".utf8))
        for text in ["QR", "QUF", "QUG", "Q", "QUFBQ", "QQ==", "Q+8", "Q/8", "QU F", "QU\u{e9}", "QU.F"] {
            #expect(Base64URL.decode(Substring(text)) == nil, "\(text)")
        }
        // A character outside the alphabet anywhere in a group of four, or in the tail.
        let valid = Array("QUFBQUFBQUE".utf8)
        for index in valid.indices {
            var text = valid
            text[index] = UInt8(ascii: "*")
            #expect(Base64URL.decode(Substring(decoding: text, as: UTF8.self)) == nil, "\(index)")
        }
    }
}
