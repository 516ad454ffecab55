import Foundation
import Testing
@testable import Navigation

/// The cookie's JSON written straight from the state and read straight into it, against the same
/// through `CookiePayload` (which `CookieJSONTests` holds to Foundation's coders).
@Suite struct CookieStateJSONTests {
    typealias Stored = StoredState<TestNavigation>

    /// A random stored state that also has column visibilities, tab customizations and notices.
    static func stored(_ generator: inout StateGenerator) -> Stored {
        var state = CookiePropertyTests.state(&generator)
        state.presentation = nil
        for tab in TestTab.allCases where generator.int(0...3) == 0 {
            state[tab].columns = ColumnVisibility.allCases[generator.int(0...2)]
        }
        if generator.int(0...2) == 0 {
            let order = TestTab.allCases.shuffled(using: &generator.random).prefix(generator.int(0...4))
            state.customization = TabCustomization(
                order: Array(order), hidden: Set(TestTab.allCases.filter { _ in generator.int(0...2) == 0 }))
        }
        let notice = generator.int(0...1) == 0 ? nil : generator.id() + String(repeating: "é", count: generator.int(0...250))
        var stored = Stored(state: state, nonce: generator.id(), notice: notice)
        // Other windows of the same browser, some of the time.
        stored.window = generator.int(0...2) == 0 ? nil : generator.id()
        for index in 0..<(generator.int(0...3) == 0 ? generator.int(1...3) : 0) {
            stored.otherWindows.append(OtherWindow(id: "w\(index)" + generator.id(), state: CookiePropertyTests.state(&generator).windowPart))
        }
        return stored
    }

    static func throughPayload(_ json: [UInt8]) -> Stored? {
        CookiePayload(json: json).map { $0.stored(of: TestNavigation.self) }
    }

    @Test func writesThePayloadsBytesAndReadsBackItsState() {
        var generator = StateGenerator(random: SplitMix64(seed: 0xC00C1E))
        var failures: [String] = []
        for _ in 0..<2_000 {
            let stored = Self.stored(&generator)
            let json = stored.cookieJSON
            let text = String(decoding: json, as: UTF8.self)
            if json != StateCookie<TestNavigation>.payload(of: stored).json { failures.append("bytes differ: \(text)") }
            guard let read = Stored(cookieJSON: json) else { failures.append("unreadable: \(text)"); continue }
            if read != Self.throughPayload(json) { failures.append("read differently: \(text)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2))")
    }

    /// The visible stack's segments read off the page's URL give the same bytes as the routes'.
    @Test func visibleStackFromTheURLWritesTheSameBytes() {
        var generator = StateGenerator(random: SplitMix64(seed: 0x0B5E55))
        var failures: [String] = []
        var lent = 0, escaped = 0
        for _ in 0..<2_000 {
            let stored = Self.stored(&generator)
            let links = Links(stored.state)
            if !stored.state.path.isEmpty {
                if links.pushedPath.contains("%") { escaped += 1 } else { lent += 1 }
            }
            var writer = JSONWriter()
            if let count = JSONWriter.countOfSegments(ofPath: links.pushedPath),
               !writer.segments(ofPath: links.pushedPath) || writer.bytes.count != count {
                failures.append("count of \(links.pushedPath)")
            }
            if stored.cookieJSON(visible: links.encodedStack) != stored.cookieJSON {
                failures.append(String(decoding: stored.cookieJSON, as: UTF8.self))
            }
            // Links of another stack lend nothing.
            var other = stored.state
            other[other.selectedTab].path.append(TestRoute.settings)
            if stored.cookieJSON(visible: Links(other).encodedStack) != stored.cookieJSON { failures.append("other stack") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2))")
        #expect(lent > 200 && escaped > 50, "the generator covers plain and escaped visible stacks")
    }

    @Test func readsAndRefusesWhatThePayloadDoes() {
        let read = [
            #"{"t":"orders","s":{"home":["settings"],"home":["orders"],"moon":["x"]},"c":null,"n":"a","n":5}"#,
            #"{"s":{"recipes":["category","x","user","y","settings"]},"t":"moon","x":null,"m":null,"future":[{}]}"#,
            #"{"t":"home","s":{},"c":{"home":["recipe","a"],"home":[]},"v":{"home":"all","orders":"sideways"}}"#,
            #"{"t":"home","s":{},"o":["profile","moon","home"],"h":["home","orders"],"f":["b","a","b"]}"#,
            #"{"t":"home","s":{},"w":{"k":"1","k":"2"},"x":"ctx","t":5,"s":null,"v":null,"w":null}"#,
            #" { "t" : "profile" , "s" : { "profile" : [ "user" , "7" ] } , "\u0074" : "home" } "#,
            // A draft as an object of strings, as the cookie held it before drafts were typed: left out.
            #"{"t":"home","s":{},"w":{"k":1}}"#,
        ]
        let refused = [
            #"{"t":"home","s":{"home":["x"],"home":5}}"#, #"{"t":"home","s":{},"c":{"home":"x"}}"#,
            #"{"t":"home","s":{},"v":{"home":["all"]}}"#, #"{"t":"home","s":null}"#, #"{"t":null,"s":{}}"#,
            #"{"t":"home","s":{},"w":{"k":}}"#, #"{"t":"home","s":{},"f":"a"}"#, #"{"t":"home"}"#,
            #"{"t":"home","s":{},"n":null,"n":}"#, #"{"t":"home","s":{}} {}"#, "",
        ]
        for json in read {
            let ours = Stored(cookieJSON: Array(json.utf8))
            #expect(ours != nil && ours == Self.throughPayload(Array(json.utf8)), "\(json)")
        }
        for json in refused {
            #expect(Stored(cookieJSON: Array(json.utf8)) == nil && Self.throughPayload(Array(json.utf8)) == nil, "\(json)")
        }
    }
}
