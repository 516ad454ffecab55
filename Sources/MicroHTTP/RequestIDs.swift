import Synchronization

/// Makes request ids: this process's random prefix and a counter (`5f3a9c0e12b4d7a8-1b`), unique
/// within the process and, through the prefix, across instances and restarts, for the cost of an
/// atomic increment.
final class RequestIDs: Sendable {
    /// The random part and its `-`, as bytes: copied into each id at once, where a `String`'s
    /// `UTF8View` was walked byte by byte (fifty instructions each).
    private let prefix: [UInt8]
    private let counter = Atomic<UInt64>(0)

    init() {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 16)
        prefix = Array((String(repeating: "0", count: 16 - random.count) + random + "-").utf8)
    }

    /// One string of the prefix and the counter in hex, written in place: a request id is made
    /// for every request.
    func next() -> String {
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let digits = max(1, (64 - number.leadingZeroBitCount + 3) / 4)
        return String(unsafeUninitializedCapacity: prefix.count + digits) { buffer in
            let count = buffer.initialize(fromContentsOf: prefix)
            for index in 0..<digits {
                let nibble = UInt8(truncatingIfNeeded: number >> (UInt64(digits - 1 - index) * 4)) & 0xF
                buffer[count + index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return count + digits
        }
    }

    /// Whether `text` may stand as a request id a proxy sent: 1 to 128 letters, digits, `-`, `_`,
    /// `.`, `:` or `+` (nginx's `$request_id` is 32 hex digits), so it is safe in a header and a log.
    static func isValid(_ text: String) -> Bool {
        (1...128).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                 UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "+"):
                true
            default:
                false
            }
        }
    }
}
