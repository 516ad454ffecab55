import Foundation
import Testing
@testable import Navigation

/// `NavigationState.sortedJSON()` writes the JSON state as `JSONEncoder` with `.sortedKeys` does,
/// byte for byte, and hands what it does not write to `JSONEncoder`.
@Suite struct SortedJSONTests {
    @Test func randomStatesAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = StateGenerator(random: SplitMix64(seed: 0x15_0E))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var failures: [String] = []
        var coverage = (columns: 0, nested: 0, detents: 0)
        // A small cache, which starts afresh many times over the run.
        let cache = SortedJSONCache<TestNavigation>(limit: 16)
        for index in 0..<PropertyTests.count {
            var state = generator.state()
            if index % 3 == 0 {
                // Hostile keys and values: escapes, non-ASCII, combining marks, in sorted order.
                state.features = [generator.id(), generator.id()]
                state.flow = TestDraft(name: generator.id(), email: generator.id(), theme: "/")
                state.context = generator.id()
            }
            if index % 5 == 0 {
                state.customization = TabCustomization(order: TestTab.allCases.reversed(), hidden: [.profile])
            }
            // Every member the state writes: column choices, a presentation's own stack and
            // detent, presentations over presentations, the scene storage and the owner.
            if index % 4 == 1 { state.apply(.setColumns(index % 8 == 1 ? .all : .detailOnly)) }
            if index % 2 == 0, state.presentation != nil {
                state.apply(.pushPresented(generator.route()))
                state.apply(.setDetent(index % 4 == 0 ? .medium : .large))
                if let over = generator.destination() { state.apply(.presentOver(over)) }
                state.apply(.pushPresented(generator.route()))
            }
            if index % 6 == 0 { state.sceneStorage = [generator.id(): generator.id(), "b": "\u{0}/\""] }
            if index % 7 == 0 { state.bind(to: generator.id()) }
            coverage.columns += state[state.selectedTab].columns != .automatic ? 1 : 0
            coverage.nested += state.presentations.count > 1 ? 1 : 0
            coverage.detents += state.presentations.contains { $0.detent != nil } ? 1 : 0
            let written = try state.sortedJSON()
            let expected = Array(try encoder.encode(state))
            if written != expected { failures.append(String(decoding: expected, as: UTF8.self)) }
            // Twice through the cache: once filling it, once from what it kept.
            if try state.sortedJSON(cache: cache) != expected || state.sortedJSON(cache: cache) != expected {
                failures.append("cached: " + String(decoding: expected, as: UTF8.self))
            }
        }
        #expect(failures.isEmpty, "\(failures.count) states, e.g. \(failures.prefix(2))")
        #expect(cache.count.routes <= 16 && cache.count.routes > 0 && cache.count.destinations <= 16)
        #expect(coverage.columns > 20 && coverage.nested > 20 && coverage.detents > 20, "\(coverage)")
    }

    @Test func whatItDoesNotWriteIsRefusedAndJSONEncoderWritesIt() throws {
        struct Measured: Encodable {
            let name: String
            let grams: Double
        }
        struct Stamped: Encodable {
            let at: Date
        }
        final class Derived: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeysOfDerived.self)
                try container.encode("x", forKey: .name)
                try "base".encode(to: container.superEncoder())
            }
        }
        enum CodingKeysOfDerived: CodingKey { case name }
        #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder.encode(Measured(name: "flour", grams: 2.5)) }
        #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder.encode(Stamped(at: Date(timeIntervalSince1970: 0))) }
        #expect(throws: SortedJSONEncoder.Unsupported.self) { try SortedJSONEncoder.encode(Derived()) }
        #expect(try SortedJSONEncoder.encode(["b": [1, -2], "a": [Int.min]]) == Array(#"{"a":[-9223372036854775808],"b":[1,-2]}"#.utf8))
    }

    @Test func aKeyEncodedTwiceKeepsItsLastValueAsJSONEncoderDoes() throws {
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case b, a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode("first", forKey: .b)
                try container.encode(1, forKey: .a)
                try container.encode(["second"], forKey: .b)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try SortedJSONEncoder.encode(Twice()) == Array(try encoder.encode(Twice())))
        #expect(try SortedJSONEncoder.encode(Twice()) == Array(#"{"a":1,"b":["second"]}"#.utf8))
    }
}
