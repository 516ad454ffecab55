#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HTTPMethod {
    /// The method as libmicrohttpd read it, matched on its bytes: a `String` made of it for
    /// `init(rawValue:)` took about 400 instructions of every request.
    init?(wire text: UnsafePointer<CChar>) {
        let length = strlen(text)
        func named(_ name: StaticString) -> Bool {
            length == name.utf8CodeUnitCount && memcmp(text, name.utf8Start, length) == 0
        }
        if named("GET") { self = .get }
        else if named("HEAD") { self = .head }
        else if named("POST") { self = .post }
        else if named("PUT") { self = .put }
        else if named("DELETE") { self = .delete }
        else if named("PATCH") { self = .patch }
        else if named("OPTIONS") { self = .options }
        else { return nil }
    }
}
