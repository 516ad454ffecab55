import Testing
@testable import NavigationHTML

@Suite struct RequestLoggerTests {
    @Test func pathsThatCouldForgeALogLineAreEscaped() {
        #expect(RequestLogger.printable("/home/orders/order/ORD-001") == "/home/orders/order/ORD-001")
        #expect(RequestLogger.printable("/a\nGET /forged 200") == "/a\\nGET /forged 200")
        #expect(RequestLogger.printable("/a\r\u{1B}[31m") == "/a\\r\\u{1B}[31m")
        #expect(RequestLogger.printable("/quote\"back\\slash") == "/quote\\\"back\\\\slash")
        // Anything beyond printable ASCII takes the escaping path, whatever it decides.
        for path in ["/café", "/\u{2028}", "/\u{7F}", "/日本"] {
            #expect(RequestLogger.printable(path) == String(path.debugDescription.dropFirst().dropLast()))
        }
    }
}
