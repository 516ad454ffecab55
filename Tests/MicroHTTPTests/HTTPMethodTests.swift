@testable import MicroHTTP
import Testing

/// `HTTPMethod(wire:)`, which matches the method libmicrohttpd read on its bytes, against
/// `init(rawValue:)`, which it stands in for.
struct HTTPMethodTests {
    @Test(arguments: HTTPMethod.allCases)
    func everyMethodIsReadFromItsName(method: HTTPMethod) {
        #expect(method.rawValue.withCString(HTTPMethod.init(wire:)) == method)
    }

    @Test(arguments: ["", "G", "GE", "GETS", "get", "Get", "HEA", "POSTS", "PU", "DELET", "PATCHY", "OPTION", "CONNECT", "TRACE", "BREW"])
    func nearMissesAreNoMethod(name: String) {
        #expect(name.withCString(HTTPMethod.init(wire:)) == nil)
        #expect(HTTPMethod(rawValue: name) == nil)
    }
}
