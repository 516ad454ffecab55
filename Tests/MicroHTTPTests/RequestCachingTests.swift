import MicroHTTP
import Testing

@Suite struct RequestCachingTests {
    private func request(ifNoneMatch: String?) -> Request {
        Request(method: .get, path: "/app.css", headers: HTTPHeaders(ifNoneMatch.map { [("If-None-Match", $0)] } ?? []))
    }

    @Test func aListedTagStrongOrWeakOrAStarIsCurrent() {
        #expect(request(ifNoneMatch: "\"abc\"").hasCurrentCopy(of: "\"abc\""))
        #expect(request(ifNoneMatch: "\"old\", W/\"abc\"").hasCurrentCopy(of: "\"abc\""))
        #expect(request(ifNoneMatch: " \"old\" ,\t\"abc\"\t").hasCurrentCopy(of: "\"abc\""))
        #expect(request(ifNoneMatch: "*").hasCurrentCopy(of: "\"abc\""))
    }

    @Test func anotherTagOrNoHeaderIsNot() {
        #expect(!request(ifNoneMatch: nil).hasCurrentCopy(of: "\"abc\""))
        #expect(!request(ifNoneMatch: "\"ab\"").hasCurrentCopy(of: "\"abc\""))
        // A W/ inside a tag is part of it, not a prefix to drop.
        #expect(!request(ifNoneMatch: "\"aW/bc\"").hasCurrentCopy(of: "\"abc\""))
        #expect(!request(ifNoneMatch: "").hasCurrentCopy(of: "\"abc\""))
    }
}
