import HTMLTemplates
import Testing

/// A standalone partial indents the lines of its template, not the lines of the values it shows
/// (the Mustache specification's partials.yml). Each case renders both a compiled model (`Item`)
/// and a reflected one (a dictionary), which take different paths.
@Suite struct PartialIndentationTests {
    @Test func valuesWithLineBreaksAreNotReindented() throws {
        let source = "\\\n {{>partial}}\n/\n"
        #expect(try render(source, ["content": "<\n->"], partials: ["partial": "|\n{{{content}}}\n|\n"])
                == "\\\n |\n <\n->\n |\n/\n", "the specification's example")
        #expect(try render(source, Item(name: "<\n->"), partials: ["partial": "|\n{{{name}}}\n|\n"]) == "\\\n |\n <\n->\n |\n/\n")
        #expect(try render(source, Item(name: "<\n->"), partials: ["partial": "|\n{{name}}\n|\n"])
                == "\\\n |\n &lt;\n-&gt;\n |\n/\n")
        #expect(try render(source, ["name": "<\n->"], partials: ["partial": "|\n{{name}}\n|\n"]) == "\\\n |\n &lt;\n-&gt;\n |\n/\n")
    }

    @Test func nestedStandalonePartialsAddTheirIndentation() throws {
        let partials = [
            "outer": "<div>\n  {{> inner}}\n{{> inner}}\n</div>\n",
            "inner": "<p>\n{{{name}}}\n</p>\n",
        ]
        let expected = "<body>\n  <div>\n    <p>\n    a\nb\n    </p>\n  <p>\n  a\nb\n  </p>\n  </div>\n</body>\n"
        #expect(try render("<body>\n  {{> outer}}\n</body>\n", Item(name: "a\nb"), partials: partials) == expected)
        #expect(try render("<body>\n  {{> outer}}\n</body>\n", ["name": "a\nb"], partials: partials) == expected)
    }

    @Test func sectionsInAnIndentedPartialIndentTheirLinesOnly() throws {
        let rows = """
        {{#children}}
        <li>
        {{name}} {{#isOn}}on{{/isOn}}
        </li>
        {{/children}}
        {{^children}}
        <li>none</li>
        {{/children}}

        """
        let source = "<ul>\n  {{> rows}}\n</ul>\n"
        let expected = "<ul>\n  <li>\n  a\nb on\n  </li>\n  <li>\n  c \n  </li>\n</ul>\n"
        let item = Item(children: [Item(name: "a\nb"), Item(name: "c", isOn: false)])
        #expect(try render(source, item, partials: ["rows": rows]) == expected)
        let plain: [String: Any] = ["children": [["name": "a\nb", "isOn": true], ["name": "c", "isOn": false]]]
        #expect(try render(source, plain, partials: ["rows": rows]) == expected)
        #expect(try render(source, Item(), partials: ["rows": rows]) == "<ul>\n  <li>none</li>\n</ul>\n")
    }
}
