/// One Mustache template, compiled once: literal text as bytes ready to copy, tags as a tree.
///
/// The Mustache features a page needs: `{{name}}` (escaped), `{{{name}}}` and `{{&name}}` (as
/// is), dotted names, `{{.}}`, sections `{{#name}}…{{/name}}` over conditions, values and lists,
/// inverted sections `{{^name}}…{{/name}}`, comments `{{! … }}`, and partials `{{> name}}`,
/// with the specification's rules that a line holding only a section, comment or partial tag
/// leaves no blank line behind, and that such a partial's template lines start at its tag's
/// indentation. Set Delimiter tags are refused.
///
/// ```swift
/// let template = try Template("<h1>{{title}}</h1>", name: "heading")
/// ```
public struct Template: Sendable {
    indirect enum Node: Sendable {
        case text([UInt8])
        case variable(Name, escaped: Bool)
        case section(Name, inverted: Bool, [Node])
        /// A partial, with the blanks before its tag when it stands alone (maybe none): its
        /// template's lines then start with them, but the values it shows are not re-indented.
        case partial(Partial, indentation: [UInt8]?)
        /// A line of the template starts here, outside a text: where a standalone partial's
        /// indentation goes (inside a text, it goes after each line break).
        case lineStart
    }

    /// A dotted name: looked up in the innermost model that has its first part, unless it starts
    /// with a dot, which keeps it to the innermost model.
    struct Name: Sendable {
        let first: String
        let rest: [String]
        /// Stays in the innermost model: `.name`, and `{{.}}`, the innermost model's own value.
        let isAnchored: Bool
    }

    /// A partial's name, and where its template is in the library once linked (see
    /// `linked(to:)`), so that rendering finds it without hashing the name.
    struct Partial: Sendable {
        let name: String
        var index = -1
    }

    /// The name it was compiled under, for error messages.
    public let name: String
    let nodes: [Node]

    /// Compiles `source`; a syntax error names the template and the line.
    public init(_ source: String, name: String) throws(TemplateError) {
        self.name = name
        var parser = Parser(source: Array(source.utf8), template: name)
        nodes = try parser.parse()
    }

    /// The partials this template names, in every section.
    var partials: [String] {
        func collect(_ nodes: [Node]) -> [String] {
            nodes.flatMap { node -> [String] in
                switch node {
                case .partial(let partial, _): [partial.name]
                case .section(_, _, let children): collect(children)
                case .text, .variable, .lineStart: []
                }
            }
        }
        return collect(nodes)
    }

    /// This template with each partial pointing at its index in a library's array of templates.
    /// Every partial must be among `indices`.
    func linked(to indices: [String: Int]) -> Template {
        func link(_ nodes: [Node]) -> [Node] {
            nodes.map { node in
                switch node {
                case .partial(let partial, let indentation):
                    .partial(Partial(name: partial.name, index: indices[partial.name]!), indentation: indentation)
                case .section(let name, let inverted, let children):
                    .section(name, inverted: inverted, link(children))
                case .text, .variable, .lineStart:
                    node
                }
            }
        }
        return Template(name: name, nodes: link(nodes))
    }

    /// `nodes` with `indentation` at the start of each of their lines, as a standalone partial's
    /// template renders: values are not indented, and a standalone partial inside adds its own.
    static func indenting(_ nodes: [Node], by indentation: [UInt8]) -> [Node] {
        nodes.map { node in
            switch node {
            case .text(let text):
                // The line after a break that ends the text starts at a `lineStart`, if it is there.
                var indented: [UInt8] = []
                indented.reserveCapacity(text.count)
                for (index, byte) in text.enumerated() {
                    indented.append(byte)
                    if byte == UInt8(ascii: "\n") && index + 1 < text.count { indented += indentation }
                }
                return .text(indented)
            case .lineStart:
                return .text(indentation)
            case .section(let name, let inverted, let children):
                return .section(name, inverted: inverted, indenting(children, by: indentation))
            case .partial(let partial, let inner):
                return .partial(partial, indentation: inner.map { indentation + $0 })
            case .variable:
                return node
            }
        }
    }

    private init(name: String, nodes: [Node]) {
        self.name = name
        self.nodes = nodes
    }
}

/// Why templates could not be compiled or rendered.
public struct TemplateError: Error, CustomStringConvertible, Sendable {
    public let template: String
    /// 1-based; 0 when the error is not about a place in the source.
    public let line: Int
    public let message: String

    public var description: String {
        line > 0 ? "\(template):\(line): \(message)" : "\(template): \(message)"
    }
}
