import MicroHTTP

extension LoopbackConnection {
    /// Reads one HTTP/1.1 response from the connection: its head, then a body framed by
    /// `Content-Length`, by chunks (`Transfer-Encoding: chunked`), or by the server closing the
    /// connection; none after a HEAD or for 1xx, 204 and 304.
    func readResponse(isHead: Bool) throws(BrowserError) -> ReceivedResponse {
        let (status, headers) = try readHead()
        if isHead || (100..<200).contains(status) || status == 204 || status == 304 {
            return ReceivedResponse(status: status, headers: headers, body: [])
        }
        if headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true {
            var body: [UInt8] = []
            while let chunk = try nextChunk() { body += chunk }
            return ReceivedResponse(status: status, headers: headers, body: body)
        }
        if let length = headers["Content-Length"].flatMap({ Int($0.trimmingPrefix(" ")) }) {
            while buffer.count < length {
                guard try fill() else { throw .malformedResponse("the body ended after \(buffer.count) of \(length) bytes") }
            }
            let body = Array(buffer[..<length])
            buffer.removeSubrange(..<length)
            return ReceivedResponse(status: status, headers: headers, body: body)
        }
        while try fill() {}
        markClosing()
        defer { buffer.removeAll() }
        return ReceivedResponse(status: status, headers: headers, body: buffer)
    }

    /// Reads a response's status line and header fields, leaving its body unread.
    func readHead() throws(BrowserError) -> (status: Int, headers: HTTPHeaders) {
        let headEnd = try index(of: Array("\r\n\r\n".utf8))
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeSubrange(..<(headEnd + 4))
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
        let statusLine = lines.popFirst() ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw .malformedResponse("status line \"\(statusLine)\"")
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers.add(String(line[..<colon]), String(value))
        }
        return (status, headers)
    }

    /// The next chunk of a chunked body as it arrives; nil after the last (the trailer read).
    func nextChunk() throws(BrowserError) -> [UInt8]? {
        let lineEnd = try index(of: Array("\r\n".utf8))
        let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self).prefix { $0 != ";" }
        guard let size = Int(sizeText.trimmingPrefix(" "), radix: 16) else { throw .malformedResponse("chunk size \"\(sizeText)\"") }
        buffer.removeSubrange(..<(lineEnd + 2))
        if size == 0 {
            // Trailer fields, if any, up to the empty line.
            while try index(of: Array("\r\n".utf8)) != 0 {
                buffer.removeSubrange(..<(try index(of: Array("\r\n".utf8)) + 2))
            }
            buffer.removeSubrange(..<2)
            return nil
        }
        while buffer.count < size + 2 {
            guard try fill() else { throw .malformedResponse("a chunk ended early") }
        }
        defer { buffer.removeSubrange(..<(size + 2)) }
        return Array(buffer[..<size])
    }

    /// Where `separator` first starts in the buffer, reading more until it arrives.
    private func index(of separator: [UInt8]) throws(BrowserError) -> Int {
        var searched = 0
        while true {
            if buffer.count >= separator.count {
                for start in searched...(buffer.count - separator.count)
                where buffer[start] == separator[0] && buffer[start..<start + separator.count].elementsEqual(separator) {
                    return start
                }
                searched = buffer.count - separator.count + 1
            }
            guard try fill() else {
                throw .malformedResponse(buffer.isEmpty ? "the server closed the connection without answering" : "the answer ended early")
            }
        }
    }
}
