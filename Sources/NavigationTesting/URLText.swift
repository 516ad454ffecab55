/// The URL text a browser writes and reads: form and query encoding, percent-decoding as the
/// server's parser does it, and references resolved against a page's URL.
enum URLText {
    /// `application/x-www-form-urlencoded`: each name and value percent-encoded but for letters,
    /// digits and `*-._`, a space as `+`, pairs joined with `&`.
    static func formEncoded(_ pairs: [(String, String)]) -> String {
        pairs.map { formEncoded($0.0) + "=" + formEncoded($0.1) }.joined(separator: "&")
    }

    static func formEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                encoded += "+"
            default:
                encoded += "%" + hex(byte)
            }
        }
        return encoded
    }

    /// `target` with what may not stand in a request line percent-encoded (spaces, controls,
    /// non-ASCII and `"<>\^`{|}`), and everything else, `%` escapes included, as written.
    static func requestTarget(_ target: String) -> String {
        var encoded = ""
        for byte in target.utf8 {
            if byte > 0x20, byte < 0x7F, !"\"<>\\^`{|}".utf8.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hex(byte)
            }
        }
        return encoded
    }

    /// `text` with its `%XX` escapes decoded (and `+` as a space when `plusAsSpace`), invalid
    /// UTF-8 replaced with U+FFFD, as the server's parser reads paths and query arguments. Text
    /// that would decode to a NUL is left encoded, as the server leaves it in a path or a query,
    /// unless `keepingNUL` (a form's body, whose parser hands a NUL over).
    static func percentDecoded(_ text: Substring, plusAsSpace: Bool, keepingNUL: Bool = false) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        if !keepingNUL, bytes.contains(0) { return String(text) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The name-value pairs of a query string or url-encoded body (`isBody`), in order, decoded;
    /// a name without `=` has the value "".
    static func pairs(of query: Substring, isBody: Bool = false) -> [(String, String)] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (percentDecoded(parts[0], plusAsSpace: true, keepingNUL: isBody),
                    parts.count > 1 ? percentDecoded(parts[1], plusAsSpace: true, keepingNUL: isBody) : "")
        }
    }

    /// `url` split at its `?`: the path and the query (without the `?`, nil when there is none).
    static func split(_ url: String) -> (path: Substring, query: Substring?) {
        guard let mark = url.firstIndex(of: "?") else { return (url[...], nil) }
        return (url[..<mark], url[url.index(after: mark)...])
    }

    /// `reference` (an `href`, a form's `action`, a `Location`) resolved against the page at
    /// `base` (a path and query) on `origin` (`http://127.0.0.1:8080`): the path and query it
    /// names, its fragment dropped.
    ///
    /// - Throws: `BrowserError.leftTheSite` when it names another origin.
    static func resolve(_ reference: String, against base: String, origin: String) throws(BrowserError) -> String {
        var reference = reference.prefix { $0 != "#" }.trimmingPrefix { $0 == " " || $0 == "\n" || $0 == "\t" }
        if reference.hasPrefix("//") { reference = origin.prefix { $0 != ":" } + ":" + reference }
        if let colon = reference.firstIndex(of: ":"), reference[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "." || $0 == "-" }),
           !reference[..<colon].isEmpty {
            let afterScheme = reference[reference.index(after: colon)...]
            guard afterScheme.hasPrefix("//") else { throw .leftTheSite(String(reference)) }
            let authorityEnd = afterScheme.dropFirst(2).firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
            guard reference[..<authorityEnd].lowercased() == origin.lowercased() else { throw .leftTheSite(String(reference)) }
            let rest = reference[authorityEnd...]
            return rest.hasPrefix("/") ? normalized(String(rest)) : "/" + rest
        }
        let basePath = split(base).path
        if reference.isEmpty { return base.prefix { $0 != "#" }.description }
        if reference.hasPrefix("?") { return String(basePath) + reference }
        if reference.hasPrefix("/") { return normalized(String(reference)) }
        let directory = basePath[...(basePath.lastIndex(of: "/") ?? basePath.startIndex)]
        return normalized(String(directory) + reference)
    }

    /// `url` with its path's `.` and `..` segments resolved.
    private static func normalized(_ url: String) -> String {
        let (path, query) = split(url)
        guard path.contains("/.") else { return url }
        var segments: [Substring] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in parts.enumerated() {
            switch segment {
            case ".": if index == parts.count - 1 { segments.append("") }
            case "..":
                if !segments.isEmpty { segments.removeLast() }
                if index == parts.count - 1 { segments.append("") }
            default: segments.append(segment)
            }
        }
        return "/" + segments.joined(separator: "/") + (query.map { "?" + $0 } ?? "")
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
