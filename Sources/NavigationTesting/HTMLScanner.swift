/// A small, tolerant reader of HTML markup into tags and text: enough to find a page's links,
/// forms and headings, not a validator.
///
/// Attribute values may be double-quoted, single-quoted or bare; a bare attribute has the value
/// "". Comments, `<!doctype>` and processing instructions are skipped. The content of `script`
/// and `style` is skipped, that of `title` and `textarea` is text up to its end tag. A `<` that
/// starts no tag is text. Markup cut short ends the scan without an error.
struct HTMLScanner {
    private let bytes: [UInt8]
    private var position = 0
    /// Tokens already read past, handed out before scanning on: a raw-text element's content
    /// and end tag.
    private var queued: [HTMLToken] = []

    init(_ html: [UInt8]) {
        bytes = html
    }

    /// Every token of the markup, in order.
    static func tokens(of html: [UInt8]) -> [HTMLToken] {
        var scanner = HTMLScanner(html)
        var tokens: [HTMLToken] = []
        while let token = scanner.next() { tokens.append(token) }
        return tokens
    }

    /// The next token, or nil at the end.
    mutating func next() -> HTMLToken? {
        if !queued.isEmpty { return queued.removeFirst() }
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<") else { return text() }
            let after = position + 1 < bytes.count ? bytes[position + 1] : 0
            if after == UInt8(ascii: "!") || after == UInt8(ascii: "?") {
                skipDeclaration()
            } else if after == UInt8(ascii: "/"), position + 2 < bytes.count, Self.isLetter(bytes[position + 2]) {
                position += 2
                let name = self.name()
                skip(past: UInt8(ascii: ">"))
                return .end(name: name)
            } else if Self.isLetter(after) {
                return startTag()
            } else {
                return text(startingWithBracket: true)
            }
        }
        return nil
    }

    private mutating func text(startingWithBracket: Bool = false) -> HTMLToken {
        let start = position
        position += startingWithBracket ? 1 : 0
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
        return .text(HTMLEntities.decode(String(decoding: bytes[start..<position], as: UTF8.self)))
    }

    /// A comment (`<!-- … -->`), or a declaration or processing instruction up to its `>`.
    private mutating func skipDeclaration() {
        if bytes[position...].starts(with: Array("<!--".utf8)) {
            position += 4
            guard let end = find(Array("-->".utf8), from: position) else {
                position = bytes.count
                return
            }
            position = end + 3
        } else {
            skip(past: UInt8(ascii: ">"))
        }
    }

    private mutating func startTag() -> HTMLToken {
        position += 1
        let name = self.name()
        var attributes: [HTMLAttribute] = []
        var selfClosing = false
        while position < bytes.count {
            skipWhitespace()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                position += 1
                selfClosing = position < bytes.count && bytes[position] == UInt8(ascii: ">")
                continue
            }
            attributes.append(attribute())
        }
        if ["script", "style", "title", "textarea"].contains(name), !selfClosing {
            let content = rawText(until: name)
            // Only the text of `title` and `textarea` is text; the end tag comes either way.
            if name == "title" || name == "textarea" { queued.append(.text(HTMLEntities.decode(content))) }
            queued.append(.end(name: name))
        }
        return .start(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    private mutating func attribute() -> HTMLAttribute {
        let start = position
        position += 1  // at least one byte, whatever it is, so that malformed markup moves on
        while position < bytes.count, !Self.isWhitespace(bytes[position]),
              ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[position]) {
            position += 1
        }
        let name = String(decoding: bytes[start..<position], as: UTF8.self).lowercased()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return HTMLAttribute(name: name, value: "") }
        position += 1
        skipWhitespace()
        guard position < bytes.count else { return HTMLAttribute(name: name, value: "") }
        let quote = bytes[position]
        let valueStart: Int
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            position += 1
            valueStart = position
            while position < bytes.count, bytes[position] != quote { position += 1 }
        } else {
            valueStart = position
            while position < bytes.count, !Self.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: ">") { position += 1 }
        }
        let value = String(decoding: bytes[valueStart..<min(position, bytes.count)], as: UTF8.self)
        if position < bytes.count, bytes[position] == quote { position += 1 }
        return HTMLAttribute(name: name, value: HTMLEntities.decode(value))
    }

    /// The text up to `</name`, which is left for the caller to read as the end tag.
    private mutating func rawText(until name: String) -> String {
        let closing = Array("</\(name)".utf8)
        var end = position
        while end < bytes.count {
            guard let found = find([UInt8(ascii: "<")], from: end) else { end = bytes.count; break }
            if found + closing.count <= bytes.count,
               zip(bytes[found..<found + closing.count], closing).allSatisfy({ Self.lowercased($0) == $1 }) {
                end = found
                break
            }
            end = found + 1
        }
        let text = String(decoding: bytes[position..<min(end, bytes.count)], as: UTF8.self)
        position = min(end, bytes.count)
        skip(past: UInt8(ascii: ">"))
        return text
    }

    private mutating func name() -> String {
        let start = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]),
              bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/") { position += 1 }
        return String(decoding: bytes[start..<position].map(Self.lowercased), as: UTF8.self)
    }

    private mutating func skip(past byte: UInt8) {
        while position < bytes.count, bytes[position] != byte { position += 1 }
        position = min(position + 1, bytes.count)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowercased(byte))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
