import HTTPTestSupport
import MicroHTTP
import Synchronization
import Testing

/// Answers with the parts of the request the tests look at, one per line.
private let echo = Respond { request in
    var lines = ["method=\(request.method.rawValue)", "path=\(request.path)"]
    lines += request.query.sorted { $0.key < $1.key }.map { "query:\($0.key)=\($0.value)" }
    lines.append("items=" + request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
    lines.append("tabs=" + request.queryValues("tab").joined(separator: ","))
    lines += request.cookies.sorted { $0.key < $1.key }.map { "cookie:\($0.key)=\($0.value)" }
    lines += request.form.sorted { $0.key < $1.key }.map { "form:\($0.key)=\($0.value)" }
    lines.append("x-custom=\(request.headers["x-CUSTOM-thing"] ?? "-")")
    return .text(lines.joined(separator: "\n"))
}

@Suite struct RequestParsingTests {
    @Test func getParsesPathQueryAndCookies() throws {
        try withServer(responder: echo) { server in
            let response = try exchange(server, """
                GET /user/42?tab=profile&q=two%20words&tab=second&flag HTTP/1.1\r
                Host: localhost\r
                Cookie: nav=abc123; theme=dark\r
                \r

                """)
            #expect(response.status == 200)
            let lines = response.text.split(separator: "\n").map(String.init)
            #expect(lines.contains("method=GET"))
            #expect(lines.contains("path=/user/42"))
            #expect(lines.contains("query:tab=profile"), "first value wins")
            #expect(lines.contains("query:q=two words"))
            #expect(lines.contains("query:flag="))
            #expect(lines.contains("items=tab=profile&q=two words&tab=second&flag="), "every argument, in order")
            #expect(lines.contains("tabs=profile,second"))
            #expect(lines.contains("cookie:nav=abc123"))
            #expect(lines.contains("cookie:theme=dark"))
        }
    }

    @Test func headerLookupIgnoresCase() throws {
        try withServer(responder: echo) { server in
            let response = try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\nX-Custom-Thing: Value 1\r\n\r\n")
            #expect(response.text.contains("x-custom=Value 1"))
        }
    }

    @Test func postParsesURLEncodedForm() throws {
        try withServer(responder: echo) { server in
            let body = "name=Ada+Lovelace&city=L%C3%B6ndon&name=Second&empty="
            let response = try exchange(server, """
                POST /submit HTTP/1.1\r
                Host: x\r
                Content-Type: application/x-www-form-urlencoded\r
                Content-Length: \(body.utf8.count)\r
                \r
                \(body)
                """)
            let lines = response.text.split(separator: "\n").map(String.init)
            #expect(lines.contains("method=POST"))
            #expect(lines.contains("form:name=Ada Lovelace"))
            #expect(lines.contains("form:city=Löndon"))
            #expect(!lines.contains("form:name=Second"))
        }
    }

    @Test func postParsesMultipartFieldsAndSkipsFiles() throws {
        try withServer(responder: echo) { server in
            let body = [
                "--XyZ", "Content-Disposition: form-data; name=\"title\"", "", "Hello world",
                "--XyZ", "Content-Disposition: form-data; name=\"upload\"; filename=\"a.txt\"",
                "Content-Type: text/plain", "", "file content",
                "--XyZ--", "",
            ].joined(separator: "\r\n")
            let response = try exchange(server, """
                POST /submit HTTP/1.1\r
                Host: x\r
                Content-Type: multipart/form-data; boundary=XyZ\r
                Content-Length: \(body.utf8.count)\r
                \r
                \(body)
                """)
            #expect(response.text.contains("form:title=Hello world"))
            #expect(!response.text.contains("file content"))
        }
    }

    @Test func postWithOtherContentTypeHasEmptyForm() throws {
        try withServer(responder: echo) { server in
            let body = #"{"name":"x"}"#
            let response = try exchange(server, """
                POST /api HTTP/1.1\r
                Host: x\r
                Content-Type: application/json\r
                Content-Length: \(body.utf8.count)\r
                \r
                \(body)
                """)
            #expect(response.status == 200)
            #expect(!response.text.contains("form:"))
        }
    }

    @Test func unknownMethodIsRefusedWithoutCallingTheResponder() throws {
        let calls = CallCounter()
        let responder = Respond { _ in calls.increment(); return .text("called") }
        try withServer(responder: responder) { server in
            let response = try exchange(server, "BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.status == 405)
            #expect(response.header("Allow")?.contains("GET") == true)
            #expect(calls.value == 0)
        }
    }

    @Test func malformedRequestsNeverReachTheResponderOrStopTheServer() throws {
        let calls = CallCounter()
        try withServer(responder: Respond { _ in calls.increment(); return .text("ok") }) { server in
            // libmicrohttpd closes the connection without an answer for a request
            // line it cannot parse.
            let garbage = try TestClient(port: server.port)
            try garbage.write("GARBAGE\r\n\r\n")
            #expect(garbage.isClosedByServer())
            #expect(calls.value == 0)
            let ok = try exchange(server, "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(ok.status == 200)
        }
    }

    @Test func invalidUTF8AndEncodedNULsArriveIntact() throws {
        try withServer(responder: echo) { server in
            let client = try TestClient(port: server.port)
            try client.write(bytes: Array("GET /caf".utf8) + [0xC3, 0x28, 0xFF]
                + Array("/x%00y?q=%FF&n=a%00b HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let lines = try client.readResponse().text.split(separator: "\n").map(String.init)
            #expect(lines.contains("path=/caf\u{FFFD}(\u{FFFD}/x%00y"), "a %00 is not decoded, so nothing is cut off")
            #expect(lines.contains("query:q=\u{FFFD}"))
            #expect(lines.contains("query:n=a%00b"))
        }
    }
}
