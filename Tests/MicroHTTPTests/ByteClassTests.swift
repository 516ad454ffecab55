@testable import MicroHTTP
import Testing

/// `ByteClass.containsAll`, which checks eight bytes at a time where it can, against the
/// byte-by-byte `contains` it must agree with.
struct ByteClassTests {
    private static let classes: [(String, ByteClass)] = [
        ("token", .token), ("fieldValue", .fieldValue), ("cookieOctet", .cookieOctet), ("cookiePath", .cookiePath),
    ]
    /// Each range's edges and the bytes some class lacks, where a word's check could go wrong.
    private static let edges: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x2C, 0x3B, 0x5C, 0x7E, 0x7F, 0x80, 0xFE, 0xFF]

    @Test(arguments: classes.map(\.0))
    func everyByteStringAgreesWithTheByteByByteCheck(name: String) {
        let byteClass = Self.classes.first { $0.0 == name }!.1
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator) ? Self.edges.randomElement(using: &generator)! : UInt8.random(in: 0x20...0x7E, using: &generator)
            }
            let expected = bytes.allSatisfy(byteClass.contains)
            #expect(bytes.withUnsafeBufferPointer(byteClass.containsAll) == expected, "\(name) \(bytes)")
        }
    }

    @Test(arguments: classes.map(\.0))
    func oneByteOutsideTheClassIsFoundWhereverItIs(name: String) {
        let byteClass = Self.classes.first { $0.0 == name }!.1
        let inside = (UInt8(0x21)...0x7E).filter(byteClass.contains)
        let outside = (UInt8.min...UInt8.max).filter { !byteClass.contains($0) }
        for count in [8, 9, 15, 16, 17, 64, 129] {
            let valid = (0..<count).map { inside[$0 % inside.count] }
            #expect(valid.withUnsafeBufferPointer(byteClass.containsAll))
            for position in 0..<count {
                for byte in outside {
                    var bytes = valid
                    bytes[position] = byte
                    #expect(!bytes.withUnsafeBufferPointer(byteClass.containsAll), "\(name) \(byte) at \(position) of \(count)")
                }
            }
        }
    }
}
