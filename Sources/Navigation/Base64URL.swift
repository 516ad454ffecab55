import Foundation

/// Base64 with the URL- and cookie-safe alphabet and no padding (RFC 4648 §5).
enum Base64URL {
    static func encode(_ data: Data) -> String {
        var text = data.base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.last == "=" { text.removeLast() }
        return text
    }

    static func decode(_ text: Substring) -> Data? {
        guard text.utf8.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "=") })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = base64.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        // Unused low bits of the last character are ignored by the decoder; refusing any text
        // that does not re-encode to itself keeps a changed character from verifying.
        guard let data = Data(base64Encoded: base64), encode(data) == text else { return nil }
        return data
    }
}
