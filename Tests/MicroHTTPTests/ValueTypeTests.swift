import MicroHTTP
import Testing

@Suite struct ValueTypeTests {
    @Test func headersLookUpWithoutCaseAndKeepOrder() {
        var headers = HTTPHeaders([("Accept", "text/html"), ("X-A", "1")])
        headers.add("x-a", "2")
        #expect(headers["ACCEPT"] == "text/html")
        #expect(headers.values("X-a") == ["1", "2"])
        headers.replace("X-A", "3")
        #expect(headers.values("x-a") == ["3"])
        #expect(headers.map(\.name) == ["Accept", "X-A"])
        #expect(headers["missing"] == nil)
    }

    @Test func setCookieHeaderValue() {
        #expect(SetCookie(name: "nav", value: "abc").headerValue == "nav=abc; Path=/; HttpOnly; SameSite=Lax")
        #expect(SetCookie(name: "gone", value: "", maxAge: -5).headerValue
            == "gone=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax")
        for bad in [
            SetCookie(name: "", value: "x"), SetCookie(name: "a=b", value: "x"),
            SetCookie(name: "a", value: "x y"), SetCookie(name: "a", value: "\"q\""),
            SetCookie(name: "a", value: "x,y"), SetCookie(name: "a", value: "x\\y"),
            SetCookie(name: "a", value: "é"), SetCookie(name: "a", value: "x", path: "/;Domain=evil"),
        ] {
            #expect(!bad.isValid)
            #expect(bad.headerValue == "")
        }
    }

    @Test func responseHelpers() {
        let redirect = Response.redirect(to: "/home")
        #expect(redirect.status == .seeOther)
        #expect(redirect.headers["location"] == "/home")
        #expect(Response.text("hé").bodyBytes == Array("hé".utf8))
        #expect(HTTPStatus.unprocessableContent.code == 422)
    }

    @Test func aRequestsCopiesChangeApart() {
        // Copies share one box until one of them changes (Request.storage).
        let original = Request(method: .get, path: "/a", query: ["q": "1"], headers: HTTPHeaders([("Host", "x")]), id: "r1")
        var copy = original
        copy.path = "/b"
        copy.query["q"] = "2"
        copy.headers.add("X-A", "1")
        copy.body.append(7)
        var third = copy
        third.id = "r3"
        #expect(original.path == "/a" && original.query == ["q": "1"] && original.headers.count == 1)
        #expect(original.body.isEmpty && original.id == "r1")
        #expect(copy.path == "/b" && copy.query == ["q": "2"] && copy.headers["x-a"] == "1" && copy.body == [7])
        #expect(copy.id == "r1" && third.id == "r3" && third.path == "/b")
    }
}
