import Navigation
import Testing

/// `CaseName` names the screen a request showed in the server's metrics, so it must give the
/// case and never a value: a value in a label would make one series per item.
@Suite struct CaseNameTests {
    private indirect enum Screen: Codable {
        case home
        case orderDetail(orderId: String)
        case recipe(Recipe, step: Int?)
        case nested(Screen)
    }

    private struct Recipe: Codable {
        let name: String
    }

    private enum Tabbed: String, Codable {
        case first, second
    }

    private enum Numbered: Int, Codable {
        case one = 1, two
    }

    /// A struct that encodes itself as one value: its value is an id, not a case.
    private struct Identifier: Codable {
        let text: String
        init(_ text: String) { self.text = text }
        init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    @Test func anEnumCaseIsNamedWithoutItsValues() {
        #expect(CaseName.of(Screen.home) == "home")
        #expect(CaseName.of(Screen.orderDetail(orderId: "ORD-001")) == "orderDetail")
        #expect(CaseName.of(Screen.recipe(Recipe(name: "apple-pie"), step: nil)) == "recipe")
        #expect(CaseName.of(Screen.nested(.orderDetail(orderId: "ORD-002"))) == "nested")
    }

    @Test func aRawValueEnumIsNamedByItsRawValue() {
        #expect(CaseName.of(Tabbed.second) == "second")
        #expect(CaseName.of(Numbered.two) == "2")
    }

    @Test func aValueThatIsNoEnumCaseHasNoName() {
        #expect(CaseName.of(Recipe(name: "apple-pie")) == nil)
        #expect(CaseName.of(Identifier("ORD-001")) == nil)
        #expect(CaseName.of("ORD-001") == nil)
        #expect(CaseName.of([Screen.home]) == nil)
    }
}
