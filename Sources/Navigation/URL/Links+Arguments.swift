extension Links {
    /// `url` with `arguments` added to its query in the order given, each name and value
    /// percent-encoded (all but RFC 3986's unreserved characters): how a link that keeps its
    /// screen carries the app's own arguments, such as a search's `q`.
    ///
    /// ```swift
    /// Links<Schema>.url("/find?present=order/ORD-001", adding: [("q", "pie & mash")])
    /// // "/find?present=order/ORD-001&q=pie%20%26%20mash"
    /// ```
    public static func url(_ url: String, adding arguments: [(name: String, value: String)]) -> String {
        guard !arguments.isEmpty else { return url }
        var bytes = Array(url.utf8)
        var separator = bytes.contains(UInt8(ascii: "?")) ? UInt8(ascii: "&") : UInt8(ascii: "?")
        for (name, value) in arguments {
            bytes.append(separator)
            separator = UInt8(ascii: "&")
            URLEncoding.appendQueryComponent(name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            URLEncoding.appendQueryComponent(value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension URLEncoding {
    /// Appends `text` percent-encoded for a query's name or value: every byte but the unreserved.
    static func appendQueryComponent(_ text: String, to url: inout [UInt8]) {
        for byte in text.utf8 {
            if isUnreserved(byte) {
                url.append(byte)
            } else {
                url += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
    }
}
