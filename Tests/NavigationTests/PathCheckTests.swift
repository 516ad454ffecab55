import Testing
@testable import Navigation

/// What a path cannot express stops the app at start-up (`checkPaths()`), with a message that
/// names the type, the case and the value.
@Suite("Path mapping check")
struct PathCheckTests {
    enum ListRoute: Route { case tags([String]), home }
    enum DictionaryRoute: Route { case home, filters([String: Int]) }
    struct EmptyRoute: Route {}
    enum TildeRoute: Route {
        case home
        enum CodingKeys: String, CodingKey { case home = "~home" }
    }
    /// Writes one thing and reads another.
    enum LopsidedRoute: Route {
        case home(Int)
        init(from decoder: any Decoder) throws { self = .home(try decoder.singleValueContainer().decode(Int.self) + 1) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            guard case .home(let value) = self else { return }
            try container.encode(value)
        }
    }
    enum OuterRoute: Route { case fine, inner(InnerRoute) }
    enum InnerRoute: Route { case ok, bad(Set<Int>) }

    func failure<Value: PathRepresentable>(of type: Value.Type) -> String? {
        var checked = Set<ObjectIdentifier>()
        do {
            try PathCheck.check(Value.self, checked: &checked)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func listsAndDictionariesAreRefusedWithTheirPlace() throws {
        let list = try #require(failure(of: ListRoute.self))
        #expect(list.contains("ListRoute.tags") && list.contains("a list (an array or a set)"), "\(list)")
        let dictionary = try #require(failure(of: DictionaryRoute.self))
        #expect(dictionary.contains("DictionaryRoute.filters") && dictionary.contains("dictionary"), "\(dictionary)")
    }

    @Test func everyCaseIsChecked() throws {
        // The bad case is the last one: the check does not stop at the first case that works.
        #expect(try #require(failure(of: DictionaryRoute.self)).contains("filters"))
        let nested = try #require(failure(of: OuterRoute.self))
        #expect(nested.contains("InnerRoute.bad"), "a nested route is checked as well: \(nested)")
    }

    @Test func aRouteMustWriteSomethingAndReadItBack() throws {
        #expect(try #require(failure(of: EmptyRoute.self)).contains("writes no path segment"))
        #expect(try #require(failure(of: TildeRoute.self)).contains("cannot be a path segment"))
        let lopsided = try #require(failure(of: LopsidedRoute.self))
        #expect(lopsided.contains("does not read back"), "\(lopsided)")
    }

    @Test func theMessageSaysWhatToDo() throws {
        #expect(try #require(failure(of: ListRoute.self)).contains("Write `pathSegments` and `parse(_:)` by hand"))
    }

    @Test func casesOfAPlainEnumAreListedAndNothingElseIs() {
        enum Keys: CodingKey { case a, b, c }
        enum One { case only }
        enum Payload { case a(Bool), b }
        struct Flag { let on: Bool }
        #expect(EnumCases.all(of: Keys.self)?.map(\.stringValue) == ["a", "b", "c"])
        #expect(EnumCases.all(of: One.self)?.count == 1)
        #expect(EnumCases.all(of: Bool.self) == nil)
        #expect(EnumCases.all(of: Int.self) == nil)
        #expect(EnumCases.all(of: Payload.self) == nil)
        #expect(EnumCases.all(of: Flag.self) == nil)
        #expect(EnumCases.all(of: String.self) == nil)
    }
}
