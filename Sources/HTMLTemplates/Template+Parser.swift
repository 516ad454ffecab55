extension Template {
    /// Splits the source into text and tags, removes standalone tags' lines, then builds the tree.
    struct Parser {
        enum Kind: Equatable {
            case variable, raw, section, inverted, close, comment, partial
            /// Kinds whose line disappears when the tag stands alone on it.
            var canStandAlone: Bool { self != .variable && self != .raw }
        }

        enum Token {
            case text([UInt8])
            case tag(Kind, String, line: Int)
        }

        let source: [UInt8]
        let template: String

        init(source: [UInt8], template: String) {
            self.source = source
            self.template = template
        }

        mutating func parse() throws(TemplateError) -> [Node] {
            var tokens = try tokenize()
            let standalone = removeStandaloneLines(&tokens)
            return try tree(tokens, standalone: standalone)
        }

        private func error(_ line: Int, _ message: String) -> TemplateError {
            TemplateError(template: template, line: line, message: message)
        }

        private func tokenize() throws(TemplateError) -> [Token] {
            var tokens: [Token] = []
            var index = 0
            var textStart = 0
            var line = 1
            let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
            while index < source.count {
                guard source[index] == open, index + 1 < source.count, source[index + 1] == open else {
                    if source[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                    continue
                }
                if textStart < index { tokens.append(.text(Array(source[textStart..<index]))) }
                let triple = index + 2 < source.count && source[index + 2] == open
                let contentStart = index + (triple ? 3 : 2)
                let closer: [UInt8] = triple ? [close, close, close] : [close, close]
                guard let end = find(closer, from: contentStart) else {
                    throw error(line, "A tag opened here is not closed with \(triple ? "}}}" : "}}").")
                }
                let content = String(decoding: source[contentStart..<end], as: UTF8.self)
                tokens.append(try tag(content, triple: triple, line: line))
                line += source[contentStart..<end].count { $0 == UInt8(ascii: "\n") }
                index = end + closer.count
                textStart = index
            }
            if textStart < source.count { tokens.append(.text(Array(source[textStart...]))) }
            return tokens
        }

        private func find(_ needle: [UInt8], from start: Int) -> Int? {
            var index = start
            while index + needle.count <= source.count {
                if source[index..<index + needle.count].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }

        private func tag(_ content: String, triple: Bool, line: Int) throws(TemplateError) -> Token {
            let kind: Kind
            var name = Substring(content)
            if triple {
                kind = .raw
            } else {
                switch content.first {
                case "#": kind = .section
                case "^": kind = .inverted
                case "/": kind = .close
                case "!": kind = .comment
                case ">": kind = .partial
                case "&": kind = .raw
                case "=": throw error(line, "Set Delimiter tags are not supported.")
                case "{": throw error(line, "An unescaped tag is written {{{name}}}.")
                default: kind = .variable
                }
                if kind != .variable { name = name.dropFirst() }
            }
            let trimmed = name.trimmingBlanks
            if kind != .comment {
                guard !trimmed.isEmpty, !trimmed.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                else { throw error(line, "“\(content)” is not a tag name.") }
            }
            return .tag(kind, String(trimmed), line: line)
        }

        /// Removes each standalone tag's line: the blanks before it on its line and the line break
        /// after it. Returns, by token index, the blanks that stood before each standalone tag.
        private func removeStandaloneLines(_ tokens: inout [Token]) -> [Int: [UInt8]] {
            func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
                bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            }
            // Decided on the tokens as written, so that neighbours see the original lines.
            let standalone = tokens.indices.filter { index in
                guard case .tag(let kind, _, _) = tokens[index], kind.canStandAlone else { return false }
                let startsLine: Bool
                if index == 0 {
                    startsLine = true
                } else if case .text(let text) = tokens[index - 1] {
                    let lineStart = text.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }
                    startsLine = isBlank(text[(lineStart ?? 0)...]) && (lineStart != nil || index == 1)
                } else {
                    startsLine = false
                }
                guard startsLine else { return false }
                guard index + 1 < tokens.count else { return true }
                guard case .text(let text) = tokens[index + 1] else { return false }
                guard let lineEnd = text.firstIndex(of: UInt8(ascii: "\n")) else {
                    return isBlank(text[...]) && index + 2 == tokens.count
                }
                let beforeBreak = text[..<lineEnd].last == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
                return isBlank(text[..<beforeBreak])
            }
            var indentation: [Int: [UInt8]] = [:]
            for index in standalone {
                indentation[index] = []
                if index > 0, case .text(var text) = tokens[index - 1] {
                    let lineStart = text.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                    indentation[index] = Array(text[lineStart...])
                    text.removeSubrange(lineStart...)
                    tokens[index - 1] = .text(text)
                }
                if index + 1 < tokens.count, case .text(var text) = tokens[index + 1] {
                    let lineEnd = text.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? text.count
                    text.removeSubrange(..<lineEnd)
                    tokens[index + 1] = .text(text)
                }
            }
            return indentation
        }

        /// The tree of `tokens`, with a `lineStart` before each token that starts a line (none
        /// after the template's last line break, where no line follows).
        private func tree(_ tokens: [Token], standalone: [Int: [UInt8]]) throws(TemplateError) -> [Node] {
            var open: [(name: String, inverted: Bool, line: Int, outer: [Node])] = []
            var nodes: [Node] = []
            var startsLine = true
            for (index, token) in tokens.enumerated() {
                if case .text(let text) = token, text.isEmpty { continue }
                if standalone[index] != nil {
                    // Its line is gone with its break: the next one starts after it.
                    startsLine = true
                } else if startsLine {
                    nodes.append(.lineStart)
                    startsLine = false
                }
                if case .text(let text) = token, text.last == UInt8(ascii: "\n") { startsLine = true }
                switch token {
                case .text(let text):
                    nodes.append(.text(text))
                case .tag(.variable, let name, _):
                    nodes.append(.variable(Self.name(name), escaped: true))
                case .tag(.raw, let name, _):
                    nodes.append(.variable(Self.name(name), escaped: false))
                case .tag(.section, let name, let line), .tag(.inverted, let name, let line):
                    open.append((name, { if case .tag(.inverted, _, _) = token { true } else { false } }(), line, nodes))
                    nodes = []
                case .tag(.close, let name, let line):
                    guard let section = open.popLast() else { throw error(line, "{{/\(name)}} closes no section.") }
                    guard section.name == name else {
                        throw error(line, "{{/\(name)}} closes {{#\(section.name)}} from line \(section.line).")
                    }
                    let node = Node.section(Self.name(name), inverted: section.inverted, nodes)
                    nodes = section.outer + [node]
                case .tag(.comment, _, _):
                    continue
                case .tag(.partial, let name, _):
                    nodes.append(.partial(Partial(name: name), indentation: standalone[index]))
                }
            }
            if let section = open.last {
                throw error(section.line, "{{#\(section.name)}} is not closed.")
            }
            return nodes
        }

        static func name(_ text: String) -> Name {
            guard text != "." else { return Name(first: ".", rest: [], isAnchored: true) }
            let parts = text.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
            return Name(first: parts.first ?? text, rest: Array(parts.dropFirst()), isAnchored: text.hasPrefix("."))
        }
    }
}

extension Substring {
    var trimmingBlanks: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[first...last]
    }
}
