/// Decoding of HTML character references, as a browser reads text and attribute values.
///
/// Understands `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;`, and numeric references in
/// decimal (`&#39;`) and hexadecimal (`&#x27;`), with or without the closing `;` for numbers. A
/// reference it does not know, or a number that names no Unicode scalar (or NUL), is left as
/// written.
enum HTMLEntities {
    private static let named: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// `text` with its character references replaced by the characters they stand for.
    static func decode(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            if let (character, end) = reference(in: rest[afterAmpersand...]) {
                result.append(character)
                rest = rest[end...]
            } else {
                result.append("&")
                rest = rest[afterAmpersand...]
            }
        }
        result += rest
        return result
    }

    static func decode(_ text: String) -> String {
        decode(text[...])
    }

    /// The character a reference starting just after its `&` stands for, and where it ends.
    private static func reference(in text: Substring) -> (Character, Substring.Index)? {
        if text.first == "#" {
            var digits = text.dropFirst()
            var radix = 10
            if let x = digits.first, x == "x" || x == "X" {
                radix = 16
                digits = digits.dropFirst()
            }
            let number = digits.prefix { $0.isASCII && $0.isHexDigit && (radix == 16 || $0.isNumber) }
            guard !number.isEmpty, number.count <= 8, let value = UInt32(number, radix: radix), value != 0,
                  let scalar = Unicode.Scalar(value) else { return nil }
            var end = number.endIndex
            if end < text.endIndex, text[end] == ";" { end = text.index(after: end) }
            return (Character(scalar), end)
        }
        let name = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard let semicolon = name.endIndex < text.endIndex ? name.endIndex : nil, text[semicolon] == ";",
              let character = named[name] else { return nil }
        return (character, text.index(after: semicolon))
    }
}
