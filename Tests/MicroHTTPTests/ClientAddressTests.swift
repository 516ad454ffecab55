#if canImport(Glibc)
import Glibc
#endif
@testable import MicroHTTP
import Testing

/// The client's address as the server writes it (a real connection's is checked in
/// `TrustedProxyTests`).
struct ClientAddressTests {
    @Test func anIPv4AddressIsWrittenAsInetNtopWritesIt() throws {
        // Each byte value in each place, beside the others at their widths' edges.
        var addresses: [[UInt8]] = []
        for place in 0..<4 {
            for value in UInt8.min...UInt8.max {
                for other: UInt8 in [0, 9, 10, 99, 100, 255] {
                    var address = [UInt8](repeating: other, count: 4)
                    address[place] = value
                    addresses.append(address)
                }
            }
        }
        for address in addresses {
            #expect(address.withUnsafeBytes(SocketAddress.dottedDecimal) == Self.inetNtop(address), "\(address)")
        }
    }

    private static func inetNtop(_ address: [UInt8]) -> String {
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        address.withUnsafeBytes { _ = inet_ntop(AF_INET, $0.baseAddress, &text, socklen_t(text.count)) }
        return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
