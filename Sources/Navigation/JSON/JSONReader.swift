/// Reads JSON values of known shapes from bytes (RFC 8259): strings with every escape, arrays of
/// strings, objects, `null`, and any other value skipped. Each method returns nil, or false, at
/// the first byte that does not fit, and the reader is not used after that.
struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Nesting allowed in skipped values, so hostile input cannot exhaust the stack.
    private static let maxDepth = 32

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Nothing but whitespace is left.
    var isAtEnd: Bool {
        mutating get {
            skipWhitespace()
            return index == bytes.count
        }
    }

    /// An object, handing each member's key to `member`, which reads the value.
    mutating func object(_ member: (String, inout JSONReader) -> Bool) -> Bool {
        guard take("{") else { return false }
        if take("}") { return true }
        repeat {
            guard let key = string(), take(":"), member(key, &self) else { return false }
        } while take(",")
        return take("}")
    }

    /// An object whose values `value` reads; of duplicate keys the first counts.
    mutating func dictionary<Value>(_ value: (inout JSONReader) -> Value?) -> [String: Value]? {
        var result: [String: Value] = [:]
        let complete = object { key, reader in
            guard let element = value(&reader) else { return false }
            if result[key] == nil { result[key] = element }
            return true
        }
        return complete ? result : nil
    }

    /// An array, handing each element to `element`, which reads it.
    mutating func array(_ element: (inout JSONReader) -> Bool) -> Bool {
        guard take("[") else { return false }
        if take("]") { return true }
        repeat {
            guard element(&self) else { return false }
        } while take(",")
        return take("]")
    }

    /// `null` as `.some(nil)`, else the value `value` reads; nil when neither.
    mutating func nullable<Value>(_ value: (inout JSONReader) -> Value?) -> Value?? {
        if null() { return .some(nil) }
        return value(&self).map { .some($0) }
    }

    /// Takes `null`, if it is next.
    mutating func null() -> Bool {
        take(literal: "null")
    }

    mutating func strings() -> [String]? {
        guard take("[") else { return nil }
        var result: [String] = []
        if take("]") { return result }
        repeat {
            guard let element = string() else { return nil }
            result.append(element)
        } while take(",")
        return take("]") ? result : nil
    }

    mutating func string() -> String? {
        guard take("\"") else { return nil }
        let start = index
        // Most strings hold no escape: one pass, one copy.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { return nil }
            index += 1
        }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        var utf8 = Array(bytes[start..<index])
        while bytes[index] == UInt8(ascii: "\\") {
            index += 1
            guard index < bytes.count, let scalar = escape() else { return nil }
            utf8.append(contentsOf: String(Character(scalar)).utf8)
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                guard bytes[index] >= 0x20 else { return nil }
                utf8.append(bytes[index])
                index += 1
            }
            guard index < bytes.count else { return nil }
        }
        index += 1
        return String(decoding: utf8, as: UTF8.self)
    }

    /// An array of strings taken without making them, as `strings()` would accept it: the range
    /// of its bytes, brackets included.
    mutating func rawStrings() -> Range<Int>? {
        skipWhitespace()
        let start = index
        guard take("[") else { return nil }
        if !take("]") {
            repeat {
                guard skipString() else { return nil }
            } while take(",")
            guard take("]") else { return nil }
        }
        return start..<index
    }

    /// A string taken without making it, as `string()` would accept it.
    private mutating func skipString() -> Bool {
        guard take("\"") else { return false }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count, escape() != nil else { return false }
            case 0..<0x20:
                return false
            default:
                index += 1
            }
        }
        return false
    }

    /// The character of the escape after a backslash; a `\u` surrogate must come in a pair.
    private mutating func escape() -> Unicode.Scalar? {
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return nil }
            switch unit {
            case 0xD800..<0xDC00:
                guard take(literal: "\\u", afterWhitespace: false), let low = hexUnit(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))
            case 0xDC00..<0xE000:
                return nil
            default:
                return Unicode.Scalar(unit)
            }
        default:
            return nil
        }
    }

    private mutating func hexUnit() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = bytes[index] - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = bytes[index] - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = bytes[index] - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Skips any one value: what readers of newer payloads must do with keys they do not know.
    mutating func skipValue(depth: Int = 0) -> Bool {
        skipWhitespace()
        guard index < bytes.count, depth < Self.maxDepth else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "["):
            index += 1
            if take("]") { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
            } while take(",")
            return take("]")
        case UInt8(ascii: "{"):
            return object { _, reader in reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"): return take(literal: "true")
        case UInt8(ascii: "f"): return take(literal: "false")
        case UInt8(ascii: "n"): return take(literal: "null")
        default:
            return number()
        }
    }

    /// `-? int frac? exp?` as RFC 8259 §6 has it.
    private mutating func number() -> Bool {
        func digits() -> Bool {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index > start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if !digits() {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return false }
        }
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Takes `character` after any whitespace, if it is next.
    private mutating func take(_ character: Unicode.Scalar) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Takes `literal` (after any whitespace, unless inside a string), if it is next.
    private mutating func take(literal: StaticString, afterWhitespace: Bool = true) -> Bool {
        if afterWhitespace { skipWhitespace() }
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
              UnsafeBufferPointer(start: literal.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
        else { return false }
        index += count
        return true
    }
}
