/// A path's first segment as far as telling it from a name is cheap: its length and its first
/// eight bytes. Equal for equal segments, so unequal ones rule a name out without hashing or
/// copying it. Every request is checked against the app's routes and the public folder's names
/// before its page is made, and most requests, pages above all, match neither.
struct FirstSegment: Equatable {
    let count: Int
    let prefix: UInt64

    /// The first segment of `path`, between its leading `/` and the next; a path without a
    /// leading `/` gets a value no name has.
    init(of path: String) {
        self = path.withUTF8InPlace { Self(ofPath: $0) }
    }

    /// The first segment of the path whose UTF-8 is `path`.
    init(ofPath path: UnsafeBufferPointer<UInt8>) {
        guard path.first == UInt8(ascii: "/") else {
            self.init(count: -1, prefix: 0)
            return
        }
        var count = 0
        var prefix: UInt64 = 0
        while count + 1 < path.count, path[count + 1] != UInt8(ascii: "/") {
            if count < 8 { prefix |= UInt64(path[count + 1]) << (8 * count) }
            count += 1
        }
        self.init(count: count, prefix: prefix)
    }

    /// A segment's own bytes: a route's literal first segment, a folder's entry.
    init(name: some Collection<UInt8>) {
        var prefix: UInt64 = 0
        for (offset, byte) in name.prefix(8).enumerated() { prefix |= UInt64(byte) << (8 * offset) }
        self.init(count: name.count, prefix: prefix)
    }

    private init(count: Int, prefix: UInt64) {
        self.count = count
        self.prefix = prefix
    }
}
