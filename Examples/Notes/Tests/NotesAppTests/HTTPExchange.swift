import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request on a connection of its own to the server on loopback, and its answer:
/// just enough of a client to see statuses, headers and cookies as a browser gets them (no
/// redirect followed, no cookie kept).
struct HTTPExchange {
    let status: Int
    let headers: [(String, String)]
    let body: String

    func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }

    /// The `nav` cookie's value from `Set-Cookie`, if the answer sets it.
    var stateCookie: String? {
        headers.filter { $0.0.lowercased() == "set-cookie" }.map(\.1).first { $0.hasPrefix("nav=") }
            .map { String($0.dropFirst(4).prefix { $0 != ";" }) }
    }

    static func send(
        _ method: String, _ path: String, port: Int, cookie: String? = nil, form: [String: String]? = nil
    ) throws -> HTTPExchange {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let cookie { head += "Cookie: nav=\(cookie)\r\n" }
        var body = ""
        if let form {
            body = form.map { "\($0.key)=\(escape($0.value))" }.joined(separator: "&")
            head += "Content-Type: application/x-www-form-urlencoded\r\nOrigin: http://127.0.0.1:\(port)\r\n"
            head += "Content-Length: \(body.utf8.count)\r\n"
        }
        let reply = try exchange(Array((head + "\r\n" + body).utf8), port: port)
        let text = String(decoding: reply, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw Failure.malformed(text) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure.malformed(text)
        }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return HTTPExchange(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    enum Failure: Error { case connect, malformed(String) }

    private static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    private static func exchange(_ request: [UInt8], port: Int) throws -> [UInt8] {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure.connect }
        _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            reply += buffer[..<count]
        }
        return reply
    }
}
