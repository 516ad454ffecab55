extension DemoStore {
    /// JSON arrays of ids for statement arguments that `json_each` reads.
    ///
    /// Built as UTF-8 bytes and made a string once: appending quotes, ids and commas to a
    /// `String` piece by piece cost a page about as much as the query the arrays feed.
    struct JSONArray {
        private var bytes: [UInt8]

        private init() {
            bytes = []
            bytes.reserveCapacity(64)
            bytes.append(UInt8(ascii: "["))
        }

        /// A JSON array of these strings, each escaped as RFC 8259 §7 asks: quotes,
        /// backslashes and control characters.
        static func of(_ strings: some Sequence<String>) -> String {
            var array = JSONArray()
            for string in strings { array.append(string) }
            return array.closed()
        }

        /// A JSON array of these numbers.
        static func of(_ numbers: some Sequence<Int>) -> String {
            var array = JSONArray()
            for number in numbers {
                array.separate()
                array.bytes.append(contentsOf: String(number).utf8)
            }
            return array.closed()
        }

        private consuming func closed() -> String {
            bytes.append(UInt8(ascii: "]"))
            return String(decoding: bytes, as: UTF8.self)
        }

        private static let hexDigits = Array("0123456789ABCDEF".utf8)

        private mutating func separate() {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        }

        /// Escapes byte by byte: in UTF-8, quotes, backslashes and control characters are
        /// single bytes that never occur inside another character's encoding.
        private mutating func append(_ string: String) {
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            separate()
            bytes.append(quote)
            for byte in string.utf8 {
                switch byte {
                case quote, backslash:
                    bytes.append(backslash)
                    bytes.append(byte)
                case 0..<0x20:
                    bytes.append(contentsOf: [backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    bytes.append(contentsOf: [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]])
                default:
                    bytes.append(byte)
                }
            }
            bytes.append(quote)
        }
    }
}
