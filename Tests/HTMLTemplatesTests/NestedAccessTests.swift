import HTMLTemplates
import Testing

/// Nested models are read where they are: stored optionals of both layouts (a payload with spare
/// bit patterns, and one of plain numbers, whose optional keeps a tag byte after it), models that
/// are always there, and fields that are not stored (computed properties, a class's properties),
/// which are copied instead.
@Suite struct NestedAccessTests {
    struct Numbers: TemplateModel {
        var first = 1
        var second = 2
        static let templateFields = TemplateFields<Self>(["first": .number(\.first), "second": .number(\.second)])
    }

    struct Holder: TemplateModel {
        var numbers: Numbers? = Numbers()
        var owner: Owner? = Owner(name: "In <place>")
        var always = Numbers(first: 5, second: 6)
        var items: [Item] = [Item(name: "a"), Item(name: "b", note: "n")]
        var computedOwner: Owner? { owner.map { Owner(name: $0.name + "!") } }
        var computedAlways: Numbers { Numbers(first: always.first * 10, second: 0) }
        var computedItems: [Item] { items.reversed() }

        static let templateFields = TemplateFields<Self>([
            "numbers": .model(\.numbers),
            "owner": .model(\.owner),
            "always": .model(\.always),
            "items": .list(\.items),
            "computedOwner": .model(\.computedOwner),
            "computedAlways": .model(\.computedAlways),
            "computedItems": .list(\.computedItems),
        ])
    }

    final class Shared: TemplateModel {
        let owner: Owner? = Owner(name: "class")
        let items = [Item(name: "x")]
        static let templateFields = TemplateFields<Shared>(["owner": .model(\.owner), "items": .list(\.items)])
    }

    static let source = """
        {{#numbers}}{{first}}+{{second}}{{/numbers}}{{^numbers}}none{{/numbers}}|\
        {{#owner}}{{name}}{{/owner}}{{^owner}}nobody{{/owner}}|{{always.first}}{{#always}}/{{second}}{{/always}}|\
        {{#items}}[{{name}}:{{note}}]{{/items}}{{^items}}empty{{/items}}|\
        {{#computedOwner}}{{name}}{{/computedOwner}}|{{computedAlways.first}}|{{#computedItems}}{{name}}{{/computedItems}}
        """

    @Test func storedAndComputedFieldsRenderTheirValues() throws {
        #expect(try render(Self.source, Holder())
                == "1+2|In &lt;place&gt;|5/6|[a:][b:n]|In &lt;place&gt;!|50|ba")
        let empty = Holder(numbers: nil, owner: nil, items: [])
        #expect(try render(Self.source, empty) == "none|nobody|5/6|empty||50|")
    }

    @Test func aModelInsideAReflectedOneReadsItsNestedFieldsAlike() throws {
        // A plain struct is read through reflection, and the conforming model in it by name:
        // its nested models and lists are reached through the same access as when compiled.
        struct Plain { let holder: Holder }
        let source = "{{#holder}}\(Self.source){{/holder}}"
        for holder in [Holder(), Holder(numbers: nil, owner: nil, items: [])] {
            #expect(try render(source, Plain(holder: holder)) == render(Self.source, holder))
        }
    }

    @Test func aClassModelsFieldsAreReadThroughTheirKeyPaths() throws {
        #expect(try render("{{#owner}}{{name}}{{/owner}}|{{#items}}{{name}}{{/items}}", Shared()) == "class|x")
    }

    @Test func nestedValuesOfEveryElementAreTheirOwn() throws {
        let holders = (0..<50).map { index in
            Holder(numbers: index % 3 == 0 ? nil : Numbers(first: index, second: -index),
                   owner: index % 2 == 0 ? nil : Owner(name: "o\(index)"))
        }
        struct Page: TemplateModel {
            let holders: [Holder]
            static let templateFields = TemplateFields<Self>(["holders": .list(\.holders)])
        }
        let expected = holders.map { holder in
            (holder.numbers.map { "\($0.first),\($0.second)" } ?? "-") + (holder.owner.map { $0.name } ?? "_") + ";"
        }.joined()
        #expect(try render("{{#holders}}{{#numbers}}{{first}},{{second}}{{/numbers}}{{^numbers}}-{{/numbers}}"
                           + "{{#owner}}{{name}}{{/owner}}{{^owner}}_{{/owner}};{{/holders}}", Page(holders: holders)) == expected)
    }
}
