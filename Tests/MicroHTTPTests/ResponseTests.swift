import HTTPTestSupport
import MicroHTTP
import Testing

@Suite struct ResponseTests {
    @Test func everyValidCookieBecomesItsOwnSetCookieHeader() throws {
        let responder = Respond { _ in
            Response(status: .ok, cookies: [
                SetCookie(name: "nav", value: "abc-123_=", maxAge: 60, secure: true, sameSite: .strict),
                SetCookie(name: "plain", value: "1", path: "/app", httpOnly: false, sameSite: nil),
                SetCookie(name: "bad name", value: "x"),
                SetCookie(name: "inject", value: "a\r\nX-Evil: 1"),
                SetCookie(name: "semi", value: "a;b"),
            ])
        }
        try withServer(responder: responder) { server in
            let response = try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.values("Set-Cookie") == [
                "nav=abc-123_=; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Strict",
                "plain=1; Path=/app",
            ])
            #expect(!response.head.contains("X-Evil"))
        }
    }

    /// libmicrohttpd sends a body from the responder's own bytes, which the response keeps until
    /// it is sent: a body far larger than the socket's buffers arrives whole to a client that reads
    /// it late, while other answers' bodies are made and freed meanwhile, and an empty one is empty.
    @Test func aBodyIsSentWholeFromBytesTheResponseKeeps() throws {
        @Sendable func body(for path: String) -> [UInt8] {
            // Each answer's own byte, and the page number at the start of every 4 KB page.
            var bytes = [UInt8](repeating: UInt8(truncatingIfNeeded: path.utf8.reduce(0) { $0 &+ Int($1) }), count: 4 << 20)
            for page in stride(from: 0, to: bytes.count, by: 4096) { bytes[page] = UInt8(truncatingIfNeeded: page >> 12) }
            return bytes
        }
        let responder = Respond { request in
            request.path == "/empty" ? Response(status: .ok) : Response(body: .bytes(body(for: request.path)))
        }
        try withServer(responder: responder) { server in
            let late = try TestClient(port: server.port)
            try late.write("GET /late HTTP/1.1\r\nHost: x\r\n\r\n")
            for index in 0..<8 {
                let other = try exchange(server, "GET /other-\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(other.body == body(for: "/other-\(index)"))
            }
            let answer = try late.readResponse()
            #expect(answer.status == 200)
            #expect(answer.body == body(for: "/late"))
            let empty = try exchange(server, "GET /empty HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(empty.status == 200 && empty.body.isEmpty && empty.header("Content-Length") == "0")
        }
    }

    @Test func headersWithControlCharactersAreNeverEmitted() throws {
        let responder = Respond { _ in
            var response = Response.redirect(to: "/next\r\nSet-Cookie: evil=1")
            response.headers.add("X-Split", "a\r\nInjected: yes")
            response.headers.add("X-Bare-LF", "a\nInjected-LF: yes")
            response.headers.add("X-Nul", "a\0b")
            response.headers.add("Bad\r\nName", "v")
            response.headers.add("X-Good", "fine\tvalue")
            response.headers.add("X-Del", "a\u{7F}b")
            response.headers.add("X-Beyond-ASCII", "café ☕")
            response.headers.add("X-Edges", "?@~ ")
            return response
        }
        try withServer(responder: responder) { server in
            let response = try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.status == 303)
            #expect(response.header("X-Good") == "fine\tvalue")
            #expect(response.header("X-Beyond-ASCII") == "café ☕")
            #expect(response.header("X-Edges") == "?@~ ")
            let names = response.head.split(separator: "\r\n").compactMap { $0.split(separator: ":").first }
            #expect(names.filter { $0.hasPrefix("X-") } == ["X-Request-Id", "X-Good", "X-Beyond-ASCII", "X-Edges"],
                    "the safe fields in order, each dropped one leaving no trace")
            for forbidden in ["Injected", "evil", "X-Split", "X-Bare-LF", "X-Nul", "Bad", "Location", "X-Del"] {
                #expect(!response.head.contains(forbidden), "\(forbidden) leaked")
            }
        }
    }

    /// Every byte of a cookie is checked: those on either side of each range's edge, and a cookie
    /// refused between two good ones leaves nothing of itself.
    @Test func aCookieWithAnyByteOutsideItsClassIsDropped() throws {
        let responder = Respond { _ in
            Response(status: .ok, cookies: [
                SetCookie(name: "a", value: "!#+-:<[]~?@", path: "/é"),
                SetCookie(name: "del", value: "a\u{7F}"),
                SetCookie(name: "high", value: "é"),
                SetCookie(name: "quote", value: "\"x\""),
                SetCookie(name: "path", value: "1", path: "/a;b"),
                SetCookie(name: "pathDel", value: "1", path: "/\u{7F}"),
                SetCookie(name: "n@me", value: "1"),
                SetCookie(name: "z", value: "2", path: "", maxAge: -3),
            ])
        }
        try withServer(responder: responder) { server in
            let response = try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.values("Set-Cookie") == [
                "a=!#+-:<[]~?@; Path=/é; HttpOnly; SameSite=Lax",
                "z=2; Max-Age=0; HttpOnly; SameSite=Lax",
            ])
        }
    }

    @Test func thrownHTTPErrorBecomesItsStatus() throws {
        let responder = Respond { request in
            if request.path == "/forbidden" { throw HTTPError(.forbidden, "not yours") }
            if request.path == "/bare" { throw HTTPError(.notFound) }
            struct Secret: Error { let detail = "database password" }
            throw Secret()
        }
        try withServer(responder: responder) { server in
            let forbidden = try exchange(server, "GET /forbidden HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(forbidden.status == 403)
            #expect(forbidden.text == "not yours")
            #expect(forbidden.header("Content-Type") == "text/plain; charset=utf-8")
            let bare = try exchange(server, "GET /bare HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(bare.status == 404)
            #expect(bare.text == "Not Found")
            let other = try exchange(server, "GET /other HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(other.status == 500)
            #expect(!other.text.contains("password") && !other.text.contains("Secret"))
        }
    }

    @Test func htmlResponseAndHeadRequest() throws {
        try withServer(responder: Respond { _ in .html("<p>hi</p>", status: .created) }) { server in
            let get = try exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(get.status == 201)
            #expect(get.header("Content-Type") == "text/html; charset=utf-8")
            #expect(get.text == "<p>hi</p>")
            let client = try TestClient(port: server.port)
            try client.write("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try client.readResponse(head: true)
            #expect(head.header("Content-Length") == "9")
            try client.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "<p>hi</p>", "no body bytes after the HEAD answer")
        }
    }
}
