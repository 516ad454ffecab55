import Foundation
import HTTPTestSupport
import Testing
@testable import Navigation

/// The cookie payload's own JSON reader and writer against Foundation's coders.
@Suite struct CookieJSONTests {
    static func foundation(_ json: [UInt8]) -> CookiePayload? {
        try? JSONDecoder().decode(CookiePayload.self, from: Data(json))
    }

    @Test func agreesWithFoundationOnRandomPayloads() throws {
        var generator = StateGenerator(random: SplitMix64(seed: 0x15_0))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var failures: [String] = []
        for _ in 0..<2_000 {
            var payload = CookiePayload(CookiePropertyTests.state(&generator), nonce: generator.id())
            payload.m = generator.int(0...1) == 0 ? nil : generator.id() + "\u{0}\u{8}\u{C}\u{1F}\u{7F}/\\\"\u{2028}"
            if generator.int(0...2) == 0 {
                payload.i = generator.id()
                payload.y = (0..<generator.int(1...3)).map { _ in
                    var window = CookiePayload(window: CookiePropertyTests.state(&generator))
                    window.i = generator.id()
                    return window
                }
            }
            let ours = payload.json
            let theirs = Array(try encoder.encode(payload))
            if ours != theirs { failures.append("bytes differ: \(String(decoding: ours, as: UTF8.self))") }
            guard let decoded = CookiePayload(json: ours), let reference = Self.foundation(ours) else {
                failures.append("unreadable: \(String(decoding: ours, as: UTF8.self))")
                continue
            }
            if decoded != reference { failures.append("read differently: \(String(decoding: ours, as: UTF8.self))") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2))")
    }

    @Test func readsAnyValidSpellingAndSkipsUnknownKeys() throws {
        let json = #"""
         { "x" : null , "future": {"a": [1, -2.5e+3, true, false, null, {"b": []}]},
           "t":"home", "s": {"home": ["order", "ORD-\u0030\u00e9\ud83c\udf4e\/\"\\\b\f\n\r\t"]},
           "m": null, "n": "first", "n": "second", "s": {} }
        """#
        let payload = try #require(CookiePayload(json: Array(json.utf8)))
        #expect(payload == Self.foundation(Array(json.utf8)))
        #expect(payload.s["home"] == ["order", "ORD-0é🍎/\"\\\u{8}\u{C}\n\r\t"])
        #expect(payload.n == "first" && payload.x == nil && payload.m == nil, "the first of duplicate keys, as Foundation")
    }

    @Test func refusesWhatIsNotJSONOrNotAPayload() {
        let refused = [
            "", "{}", #"{"t":"home"}"#, #"{"s":{}}"#, #"{"t":null,"s":{}}"#, #"{"t":"a","s":{"x":"y"}}"#,
            #"{"t":"a","s":{}} x"#, #"{"t":"a","s":{},}"#, #"{"t":"a" "s":{}}"#, #"{"t":"\ud800","s":{}}"#,
            #"{"t":"\udc00x","s":{}}"#, #"{"t":"\ud800\u0041","s":{}}"#, #"{"t":"\x","s":{}}"#, #"{"t":"\u00g0","s":{}}"#,
            "{\"t\":\"a\u{1}\",\"s\":{}}", #"{"t":"a","s":{},"z":01}"#, #"{"t":"a","s":{},"z":1.}"#, #"{"t":"a","s":{},"z":tru}"#,
            #"{"t":"a","s":{},"m":5}"#, #"{"t":"a","s":{"h":["x",]}}"#, #"{"t":"unterminated"#,
            #"{"t":"a","s":{},"z":"# + String(repeating: "[", count: 100_000),
        ]
        for json in refused {
            // Stricter than Foundation, which takes trailing commas and leading zeros.
            #expect(CookiePayload(json: Array(json.utf8)) == nil, "\(json.prefix(60))")
        }
    }
}
