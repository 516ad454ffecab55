import Foundation
import HTMLTemplates
import Testing

/// `Item`'s data as a plain struct, which the library reads through reflection.
private struct PlainItem {
    struct PlainOwner { let name: String; let page: [UInt8] }
    let name: String
    let note: String?
    let count: Int
    let isOn: Bool
    let tags: [String]
    let children: [PlainItem]
    let owner: PlainOwner?

    init(_ item: Item) {
        name = item.name
        note = item.note
        count = item.count
        isOn = item.isOn
        tags = item.tags
        children = item.children.map(PlainItem.init)
        owner = item.owner.map { PlainOwner(name: $0.name, page: $0.page) }
    }
}

/// Fields that are not stored properties: a closure, and a key path to a computed property.
private struct Computed: TemplateModel {
    let words: [String]
    var joined: String { words.joined(separator: " ") }
    static let templateFields = TemplateFields<Self>([
        "first": .text { $0.words.first },
        "joined": .text(\.joined),
        "isLong": .flag { $0.words.count > 2 },
        "words": .list(\.words),
    ])
}

@Suite struct CompiledTemplateTests {
    /// Every way a name can resolve, on models that differ in what is nil, empty and false.
    static let sources = [
        "{{name}}|{{{name}}}|{{note}}|{{count}}|{{isOn}}|{{tags}}|{{owner}}|{{nothing}}",
        "{{#note}}[{{.}}|{{name}}|{{.name}}]{{/note}}{{^note}}no note{{/note}}",
        "{{#count}}{{.}}{{/count}}{{#isOn}}on:{{name}}{{/isOn}}{{^isOn}}off{{/isOn}}",
        "{{#tags}}<{{.}}{{name}}>{{/tags}}{{^tags}}no tags{{/tags}}",
        "{{#children}}({{name}}:{{note}}:{{#owner}}{{name}}/{{count}}{{/owner}}{{^owner}}-{{/owner}}){{/children}}",
        "{{owner.name}}|{{{owner.page}}}|{{owner.page}}|{{owner.none}}|{{name.more}}|{{tags.more}}|{{#owner.name}}[{{.}}]{{/owner.name}}",
        "{{^owner.name}}none{{/owner.name}}{{^note.more}}x{{/note.more}}{{#owner}}{{.name}}{{.count}}{{/owner}}",
        "{{#children}}{{#children}}{{name}}<{{count}}>{{/children}}{{/children}}",
    ]

    static var items: [Item] { [
        Item(),
        Item(name: "<b>", note: "n&", count: 0, isOn: false, tags: [], owner: Owner()),
        Item(name: "p", note: "", tags: ["x"], children: [
            Item(name: "c1", note: "cn", isOn: false, owner: Owner(name: "o'1")),
            Item(name: "c2", children: [Item(name: "g", count: 7)]),
        ]),
    ] }

    @Test(arguments: sources)
    func compiledAndReflectedModelsRenderAlike(source: String) throws {
        for item in Self.items {
            let compiled = try render(source, item), reflected = try render(source, PlainItem(item))
            #expect(compiled == reflected, "\(item.name): compiled \(compiled) reflected \(reflected)")
        }
    }

    @Test func computedFieldsAndKeyPathsToComputedProperties() throws {
        #expect(try render("{{first}}|{{joined}}|{{#isLong}}long{{/isLong}}|{{#words}}{{.}};{{/words}}",
                           Computed(words: ["a", "b", "<c>"])) == "a|a b &lt;c&gt;|long|a;b;&lt;c&gt;;")
        #expect(try render("[{{first}}]{{^first}}none{{/first}}{{^isLong}} short{{/isLong}}", Computed(words: []))
                == "[]none short")
    }

    @Test func oneTemplateServesSeveralModelTypes() throws {
        let library = try TemplateLibrary(sources: ["main": "{{name}}{{first}}"])
        for _ in 0..<2 {
            #expect(String(decoding: try library.render(Item(name: "i"), template: "main"), as: UTF8.self) == "i")
            #expect(String(decoding: try library.render(Computed(words: ["w"]), template: "main"), as: UTF8.self) == "w")
            #expect(String(decoding: try library.render(Owner(), template: "main"), as: UTF8.self) == "Ada")
        }
    }

    /// A compiled template appends its text without asking whether the buffer's bytes are shared:
    /// it makes them its own first, so a copy made before rendering keeps what it held.
    @Test func renderingIntoABufferLeavesItsCopiesAsTheyWere() throws {
        let library = try TemplateLibrary(sources: ["main": "<i>{{name}}</i>{{#tags}}[{{.}}]{{/tags}}"])
        for capacity in [0, 3, 4096] {
            var buffer = HTMLBuffer(capacity: capacity)
            buffer.append("<p>")
            let copy = buffer
            try library.render(Item(name: "n", tags: ["a", "b"]), template: "main", into: &buffer)
            #expect(copy.bytes == Array("<p>".utf8))
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == "<p><i>n</i>[a][b]")
        }
    }

    @Test func aPartialThatBranchesIntoItselfStopsWithAnError() throws {
        // Each level includes the partial twice: compiled out, 2^64 copies.
        let library = try TemplateLibrary(sources: ["main": "{{> node}}", "node": "{{#isOn}}{{> node}}{{/isOn}}{{#note}}{{> node}}{{/note}}"])
        #expect(throws: TemplateError.self) { try library.render(Item(), template: "main") }
    }

    @Test func concurrentFirstRendersAgree() async throws {
        let library = try TemplateLibrary(sources: ["main": Self.sources.joined(separator: "\n")])
        let expected = try library.render(Self.items[2], template: "main")
        let outputs = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<16 {
                group.addTask { try library.render(Self.items[2], template: "main") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outputs.count == 16)
        #expect(outputs.allSatisfy { $0 == expected })
    }
}
