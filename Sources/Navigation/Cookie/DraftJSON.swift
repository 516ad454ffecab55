import Foundation

/// A flow's draft in the cookie: the app's own `Codable` value as the JSON text it encodes to,
/// held as one string under the cookie's `w` key. A string, not a nested object, so that both
/// readers of the cookie (the one-pass reader and the payload's, which Foundation's coders check)
/// take any app's type without a JSON tree of their own; the draft is decoded only when the cookie
/// holds one, on the pages of a flow under way.
enum DraftJSON {
    /// The draft's JSON, keys sorted, so the same draft always seals the same cookie.
    static func text(of draft: some Encodable) -> String {
        if let bytes = try? SortedJSONEncoder.encode(draft) { return String(decoding: bytes, as: UTF8.self) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // A draft that does not encode (a float that is not finite) is one the cookie cannot keep.
        return (try? encoder.encode(draft)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// The draft in `text`, or nil when it no longer decodes as `Draft` (the app changed its type
    /// since the cookie was written).
    static func draft<Draft: Decodable>(_ text: String, as: Draft.Type) -> Draft? {
        try? JSONDecoder().decode(Draft.self, from: Data(text.utf8))
    }
}
