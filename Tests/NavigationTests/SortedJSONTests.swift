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
            let written = try state.sortedJSON()
            let expected = Array(try encoder.encode(state))
            if written != expected { failures.append(String(decoding: expected, as: UTF8.self)) }
        }
        #expect(failures.isEmpty, "\(failures.count) states, e.g. \(failures.prefix(2))")
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
}
