import Foundation
import HTMLTemplates
import Testing

/// Standalone lines as the Mustache specification has them, and clear errors for bad templates.
@Suite struct SyntaxTests {
    @Test func standaloneTagsLeaveNoBlankLines() throws {
        let source = """
        <ul>
          {{#tags}}
          <li>{{.}}</li>
          {{/tags}}
          {{! a comment line }}
        </ul>
        """
        #expect(try render(source) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>")
        #expect(try render("a\r\n{{#isOn}}\r\nb\r\n{{/isOn}}\r\nc") == "a\r\nb\r\nc")
        #expect(try render("  {{#isOn}}\nyes\n  {{/isOn}}") == "yes\n", "standalone at the end, with no line break")
        #expect(try render("{{! only }}\nx") == "x")
    }

    @Test func tagsSharingALineWithOthersKeepIt() throws {
        #expect(try render("  {{#isOn}}on{{/isOn}}\n") == "  on\n")
        #expect(try render("{{#isOn}}{{#isOn}}\nx{{/isOn}}{{/isOn}}") == "\nx")
        #expect(try render("[{{name}}]\n{{#isOn}}\nb\n{{/isOn}}", Item(name: "n")) == "[n]\nb\n")
    }

    @Test func aStandalonePartialIsIndented() throws {
        let partials = ["lines": "one\ntwo\n"]
        #expect(try render("<div>\n  {{> lines}}\n</div>", partials: partials) == "<div>\n  one\n  two\n</div>")
        #expect(try render("<p>{{> lines}}</p>", partials: partials) == "<p>one\ntwo\n</p>")
    }

    @Test func errorsNameTheTemplateAndLine() {
        func message(_ source: String) -> String {
            do {
                _ = try Template(source, name: "page")
                return "compiled"
            } catch {
                return error.description
            }
        }
        #expect(message("a\n{{name") == "page:2: A tag opened here is not closed with }}.")
        #expect(message("{{{name}}") == "page:1: A tag opened here is not closed with }}}.")
        #expect(message("\n\n{{#rows}}x") == "page:3: {{#rows}} is not closed.")
        #expect(message("{{#rows}}\n{{/cols}}") == "page:2: {{/cols}} closes {{#rows}} from line 1.")
        #expect(message("{{/rows}}") == "page:1: {{/rows}} closes no section.")
        #expect(message("{{=<% %>=}}") == "page:1: Set Delimiter tags are not supported.")
        #expect(message("{{first name}}") == "page:1: “first name” is not a tag name.")
        #expect(message("{{#}}{{/}}") == "page:1: “#” is not a tag name.")
        #expect(message("{{! a comment\nover lines }}\n{{ok}}") == "compiled")
    }

    @Test func aMissingPartialOrTemplateIsAnError() throws {
        #expect(throws: TemplateError.self) { try TemplateLibrary(sources: ["a": "{{> b}}"]) }
        let library = try TemplateLibrary(sources: ["a": "x"])
        #expect(throws: TemplateError.self) { try library.render(Item(), template: "b") }
    }

    @Test func aFolderLoadsUnderRelativeNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID())")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<b>{{name}}</b>".write(to: folder.appendingPathComponent("parts/bold.mustache"), atomically: true, encoding: .utf8)
        try "{{> parts/bold}}!".write(to: folder.appendingPathComponent("page.mustache"), atomically: true, encoding: .utf8)
        try "ignored".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let library = try TemplateLibrary(directory: folder.path)
        #expect(library.names == ["page", "parts/bold"])
        #expect(String(decoding: try library.render(Item(name: "x"), template: "page"), as: UTF8.self) == "<b>x</b>!")
    }

    @Test func escapingCoversEveryHTMLCharacterAndKeepsTheRest() {
        var buffer = HTMLBuffer()
        buffer.append(escaping: "a&b<c>d\"e'f/g=h`i é 日本 🙂\u{0}")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "a&amp;b&lt;c&gt;d&quot;e&#39;f/g=h`i é 日本 🙂\u{0}")
    }
}
