import HTTPTestSupport
import MicroHTTP
import Testing

@Suite struct LimitsTests {
    private static let small = ServerConfiguration(port: 0, threads: 2, maxBodySize: 1024)

    @Test func declaredOversizedBodyGets413AndServingContinues() throws {
        let calls = CallCounter()
        let responder = Respond { _ in calls.increment(); return .text("ok") }
        try withServer(Self.small, responder: responder) { server in
            let client = try TestClient(port: server.port)
            try client.write("""
                POST /submit HTTP/1.1\r
                Host: x\r
                Content-Type: application/x-www-form-urlencoded\r
                Content-Length: 100000\r
                \r

                """)
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(client.isClosedByServer())
            #expect(calls.value == 0)
            #expect(try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        }
    }

    @Test func chunkedBodyGrowingPastTheLimitGets413() throws {
        let calls = CallCounter()
        let responder = Respond { _ in calls.increment(); return .text("ok") }
        try withServer(Self.small, responder: responder) { server in
            let chunk = String(repeating: "a", count: 1500)
            let response = try exchange(server, """
                POST /submit HTTP/1.1\r
                Host: x\r
                Content-Type: application/x-www-form-urlencoded\r
                Transfer-Encoding: chunked\r
                \r
                \(String(chunk.utf8.count, radix: 16))\r
                \(chunk)\r
                0\r
                \r

                """)
            #expect(response.status == 413)
            #expect(calls.value == 0)
            #expect(try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        }
    }

    @Test func bodyWithinTheLimitIsAccepted() throws {
        try withServer(Self.small, responder: Respond { .text($0.form["a"] ?? "") }) { server in
            let body = "a=" + String(repeating: "b", count: 1000)
            let response = try exchange(server, """
                POST / HTTP/1.1\r
                Host: x\r
                Content-Type: application/x-www-form-urlencoded\r
                Content-Length: \(body.utf8.count)\r
                \r
                \(body)
                """)
            #expect(response.status == 200)
            #expect(response.text == String(repeating: "b", count: 1000))
        }
    }

    @Test func keepAliveAnswersSeveralRequestsOnOneConnection() throws {
        try withServer(responder: Respond { .text("path \($0.path)") }) { server in
            let client = try TestClient(port: server.port)
            for index in 1...3 {
                try client.write("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "path /\(index)")
                #expect(response.header("Connection")?.lowercased() != "close")
            }
        }
    }
}
