@testable import Navigation
import Testing

@Suite struct ByteCountTests {
    /// Eight bytes at a time, with the bytes that could carry into a neighbour (0x00, 0x01, 0x7F,
    /// 0x80, 0xFF) beside the one counted, and every alignment of the tail.
    @Test func countsAsALoopWouldForEveryByteAndLength() {
        var generator = SystemRandomNumberGenerator()
        let tricky: [UInt8] = [0x00, 0x01, 0x2E, 0x2F, 0x30, 0x7F, 0x80, 0xAF, 0xFF]
        for length in 0...40 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in tricky.randomElement(using: &generator)! }
                for byte in tricky {
                    let counted = bytes.withUnsafeBufferPointer { $0.count(of: byte) }
                    #expect(counted == bytes.filter { $0 == byte }.count, "\(bytes) \(byte)")
                    #expect(bytes.withUnsafeBufferPointer { $0.containsByte(byte) } == bytes.contains(byte))
                }
            }
        }
        let all = Array(repeating: UInt8(ascii: "/"), count: 1000)
        #expect(all.withUnsafeBufferPointer { $0.count(of: UInt8(ascii: "/")) } == 1000)
    }

    @Test func comparesSlicesByTheirBytes() {
        let bytes = Array("[\"order\",\"ORD-001\"]".utf8)
        let shorter = Array("[\"order\"".utf8)
        #expect(bytes[...].hasSameBytes(as: bytes[...]))
        #expect(!bytes[...].hasSameBytes(as: bytes.dropLast()))
        #expect(bytes[...].hasPrefix(shorter[...]))
        #expect(bytes[...].hasPrefix([][...]))
        #expect(![UInt8]()[...].hasPrefix(shorter[...]))
        #expect(!bytes[...].hasPrefix(Array("[\"orders\"".utf8)[...]))
        // Slices that do not start at their array's start.
        #expect(bytes.dropFirst(2).hasPrefix(Array("order".utf8).dropFirst(0)))
        #expect(bytes.dropFirst(2).hasSameBytes(as: Array("x\(String(decoding: bytes.dropFirst(2), as: UTF8.self))".utf8).dropFirst()))
    }
}
