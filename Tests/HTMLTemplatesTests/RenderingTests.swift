import Foundation
import HTMLTemplates
import Testing

/// A model with one field of each kind.
struct Item: TemplateModel {
    var name = "Apple & <Pie>"
    var note: String? = nil
    var count = 3
    var isOn = true
    var tags: [String] = ["a", "b"]
    var children: [Item] = []
    var owner: Owner? = nil

    static let templateFields = TemplateFields<Self>([
        "name": .text(\.name),
        "note": .text(\.note),
        "count": .number(\.count),
        "isOn": .flag(\.isOn),
        "tags": .list(\.tags),
        "children": .list(\.children),
        "owner": .model(\.owner),
    ])
}

struct Owner: TemplateModel {
    var name = "Ada"
    var page: [UInt8] = Array("<b>bold</b>".utf8)

    static let templateFields = TemplateFields<Self>([
        "name": .text(\.name),
        "page": .html(\.page),
    ])
}

func render(_ source: String, _ model: Any = Item(), partials: [String: String] = [:]) throws -> String {
    let library = try TemplateLibrary(sources: partials.merging(["main": source]) { $1 })
    return String(decoding: try library.render(model, template: "main"), as: UTF8.self)
}

@Suite struct RenderingTests {
    @Test func variablesAreEscapedUnlessTripleOrAmpersand() throws {
        #expect(try render("{{name}}") == "Apple &amp; &lt;Pie&gt;")
        #expect(try render("{{{name}}}|{{& name }}") == "Apple & <Pie>|Apple & <Pie>")
        #expect(try render("{{name}}", Item(name: #"'"é→"#)) == "&#39;&quot;é→")
        #expect(try render("{{owner.page}}|{{{owner.page}}}", Item(owner: Owner())) == "&lt;b&gt;bold&lt;/b&gt;|<b>bold</b>")
    }

    @Test func numbersFlagsAndMissingValues() throws {
        #expect(try render("{{count}} {{isOn}} [{{note}}] [{{nothing}}] [{{tags}}]") == "3 true [] [] []")
    }

    @Test func dottedNamesReachIntoModels() throws {
        #expect(try render("{{owner.name}}|{{owner.none}}|{{name.more}}", Item(owner: Owner())) == "Ada||")
        #expect(try render("{{owner.name}}") == "")
    }

    @Test func sectionsRenderByValue() throws {
        #expect(try render("{{#isOn}}on{{/isOn}}{{^isOn}}off{{/isOn}}") == "on")
        #expect(try render("{{#isOn}}on{{/isOn}}{{^isOn}}off{{/isOn}}", Item(isOn: false)) == "off")
        #expect(try render("{{#note}}[{{note}}]{{/note}}{{^note}}none{{/note}}") == "none")
        #expect(try render("{{#note}}[{{.}}]{{/note}}", Item(note: "")) == "[]", "text, even empty, renders once")
        #expect(try render("{{#count}}{{.}}!{{/count}}") == "3!")
        #expect(try render("{{#tags}}<{{.}}>{{/tags}}") == "<a><b>")
        #expect(try render("{{#tags}}x{{/tags}}{{^tags}}empty{{/tags}}", Item(tags: [])) == "empty")
        #expect(try render("{{#missing}}x{{/missing}}{{^missing}}y{{/missing}}") == "y")
    }

    @Test func nestedSectionsEachAnswerToTheirOwnName() throws {
        let source = "{{#isOn}}<{{name}}{{#note}}!{{/note}}{{^tags}}-{{/tags}}>{{/isOn}}{{^isOn}}off{{count}}{{/isOn}}."
        #expect(try render(source, Item(name: "a", isOn: false)) == "off3.")
        #expect(try render(source, Item(name: "a", note: "n", tags: [])) == "<a!->.")
        #expect(try render(source, Item(name: "a")) == "<a>.")
        #expect(try render("{{#children}}{{#isOn}}{{name}}{{/isOn}}{{/children}}|{{name}}",
                           Item(name: "p", children: [Item(name: "x"), Item(name: "y", isOn: false), Item(name: "z")])) == "xz|p")
    }

    @Test func sectionsLookUpOutwardsAndNilFallsThrough() throws {
        let item = Item(name: "outer", children: [Item(name: "one"), Item(name: "two", note: "n")])
        #expect(try render("{{#children}}{{name}}:{{note}}{{/children}}", Item(name: "outer", note: "top", children: item.children))
            == "one:toptwo:n")
        #expect(try render("{{#owner}}{{name}}/{{count}}{{/owner}}", Item(owner: Owner())) == "Ada/3")
        #expect(try render("{{#owner}}{{.name}}|{{.count}}{{/owner}}", Item(owner: Owner())) == "Ada|", "a leading dot stays inside")
    }

    @Test func partialsRenderInTheCurrentContext() throws {
        let partials = ["row": "<li>{{name}}</li>", "list/rows": "{{#children}}{{> row}}{{/children}}"]
        let item = Item(children: [Item(name: "a"), Item(name: "b")])
        #expect(try render("<ul>{{> list/rows}}</ul>", item, partials: partials) == "<ul><li>a</li><li>b</li></ul>")
    }

    @Test func aPartialThatIncludesItselfStops() throws {
        let output = try render("{{> loop}}", partials: ["loop": "x{{> loop}}"])
        #expect(output == String(repeating: "x", count: 64))
    }

    @Test func plainStructsAreReadThroughReflection() throws {
        struct Plain {
            struct Row { let title: String; let isNew: Bool }
            let heading: String?
            let rows: [Row]
            let count: Int
        }
        let plain = Plain(heading: "H<1>", rows: [.init(title: "a", isNew: true), .init(title: "b", isNew: false)], count: 2)
        let source = "{{heading}}{{#rows}} {{title}}{{#isNew}}*{{/isNew}}{{/rows}} {{count}}{{#missing}}?{{/missing}}"
        #expect(try render(source, plain) == "H&lt;1&gt; a* b 2")
        #expect(try render("[{{heading}}]{{^heading}}none{{/heading}}", Plain(heading: nil, rows: [], count: 0)) == "[]none")
        #expect(try render("{{a}}-{{b}}", ["a": "1", "b": "<"]) == "1-&lt;")
    }
}
