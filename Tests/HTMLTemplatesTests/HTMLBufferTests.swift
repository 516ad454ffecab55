import Testing
@testable import HTMLTemplates

/// `HTMLBuffer` keeps its bytes in storage of its own, grown by hand and shared by copies until
/// one appends: what it holds must always be what was appended, whatever the room it started with.
@Suite("The HTML buffer")
struct HTMLBufferTests {
    /// The bytes `append(escaping:)` should write for `text`, worked out byte by byte.
    static func escaped(_ text: String) -> [UInt8] {
        text.utf8.flatMap { byte -> [UInt8] in
            switch byte {
            case UInt8(ascii: "&"): Array("&amp;".utf8)
            case UInt8(ascii: "<"): Array("&lt;".utf8)
            case UInt8(ascii: ">"): Array("&gt;".utf8)
            case UInt8(ascii: "\""): Array("&quot;".utf8)
            case UInt8(ascii: "'"): Array("&#39;".utf8)
            default: [byte]
            }
        }
    }

    /// Every byte value, alone (checked one at a time) and at every place of a run long enough to
    /// be checked sixteen at a time: only the five replaced, whichever way it is checked.
    @Test func everyByteIsReplacedOnlyWhenItIsOneOfTheFive() {
        let replaced: [UInt8] = Array("&<>\"'".utf8)
        for byte in UInt8.min...UInt8.max {
            let expected = replaced.contains(byte) ? Self.escaped(String(decoding: [byte], as: UTF8.self)) : [byte]
            var alone = HTMLBuffer()
            [byte].withUnsafeBufferPointer { alone.append(escaping: $0) }
            #expect(alone.bytes == expected, "byte \(byte) alone")
            for place in 0..<40 {
                var run = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
                run[place] = byte
                var buffer = HTMLBuffer()
                run.withUnsafeBufferPointer { buffer.append(escaping: $0) }
                let want = Array(run[..<place]) + expected + Array(run[(place + 1)...])
                if buffer.bytes != want { Issue.record("byte \(byte) at \(place) of 40") }
            }
        }
    }

    @Test(arguments: [0, 1, 16, 4096])
    func manyAppendsPastItsRoomHoldWhatWasAppended(capacity: Int) {
        let pieces = ["", "<li>", "a", "Apple & Pear", "\"quoted\" 'text'", "日本🙂", String(repeating: "x<", count: 40),
                      String(repeating: "0123456789abcdef", count: 300)]
        var buffer = HTMLBuffer(capacity: capacity)
        var expected: [UInt8] = []
        // Every piece with every kind of append, in an order the same on every run: 5 steps
        // through the 8 pieces against 3 kinds meet every pair each 24 appends.
        for step in 0..<2_000 {
            let piece = pieces[step * 5 % pieces.count]
            switch step % 3 {
            case 0:
                buffer.append(piece)
                expected += piece.utf8
            case 1:
                buffer.append(escaping: piece)
                expected += Self.escaped(piece)
            default:
                buffer.append(Array(piece.utf8)[...])
                expected += piece.utf8
            }
            #expect(buffer.count == expected.count)
        }
        // Compared here, not in `#expect`, whose account of two long arrays that differ takes minutes.
        let bytes = buffer.bytes
        let difference = bytes.indices.first { $0 >= expected.count || bytes[$0] != expected[$0] }
            ?? (bytes.count == expected.count ? nil : bytes.count)
        #expect(difference == nil, "the bytes differ from what was appended at \(difference ?? 0) of \(expected.count)")
    }

    @Test func copiesAreIndependentValues() {
        var original = HTMLBuffer(capacity: 64)
        original.append("<p>")
        var copy = original
        copy.append("copy")
        original.append("original")
        #expect(String(decoding: original.bytes, as: UTF8.self) == "<p>original")
        #expect(String(decoding: copy.bytes, as: UTF8.self) == "<p>copy")
        // Empty buffers share one empty storage until they append.
        var first = HTMLBuffer()
        var second = HTMLBuffer()
        first.append("one")
        second.append(escaping: "<two>")
        #expect(String(decoding: first.bytes, as: UTF8.self) == "one")
        #expect(String(decoding: second.bytes, as: UTF8.self) == "&lt;two&gt;")
        #expect(HTMLBuffer().bytes.isEmpty)
    }
}
