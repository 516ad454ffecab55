import Foundation
import HTTPTestSupport
import MicroHTTP
import Testing

/// `Request.decode`: a JSON body as the app's type, or the status and message that tell the
/// client what is wrong, against the bodies an attacker or a careless client sends.
@Suite struct RequestDecodingTests {
    struct NewOrder: Decodable, Equatable {
        struct Line: Decodable, Equatable {
            let sku: String
            let quantity: Int
        }
        let item: String
        let amount: Double
        let lines: [Line]?
    }

    func request(_ body: [UInt8], type: String? = "application/json") -> Request {
        Request(method: .post, path: "/api/orders", headers: HTTPHeaders(type.map { [("Content-Type", $0)] } ?? []), body: body)
    }

    /// The refusal of `body`, or nil when it decodes.
    func refusal(_ body: String, type: String? = "application/json", maxSize: Int = 1 << 20) -> HTTPError? {
        refusal(Array(body.utf8), type: type, maxSize: maxSize)
    }

    func refusal(_ body: [UInt8], type: String? = "application/json", maxSize: Int = 1 << 20) -> HTTPError? {
        do {
            _ = try request(body, type: type).decode(NewOrder.self, maxSize: maxSize)
            return nil
        } catch let error as HTTPError {
            return error
        } catch {
            Issue.record("not an HTTPError: \(error)")
            return nil
        }
    }

    @Test func aGoodBodyDecodesWhateverItsJSONTypesSpelling() throws {
        let body = #"{"item":"Pie","amount":4.5,"lines":[{"sku":"P-1","quantity":2}]}"#
        for type in ["application/json", "Application/JSON; charset=utf-8", "application/merge-patch+json"] {
            let order = try request(Array(body.utf8), type: type).decode(NewOrder.self)
            #expect(order == NewOrder(item: "Pie", amount: 4.5, lines: [.init(sku: "P-1", quantity: 2)]), "\(type)")
        }
        #expect(refusal(#"{"item":"a\u0000b","amount":1}"#) == nil, "an escaped NUL is a character like any other")
    }

    @Test func notJSONIs415() {
        for type in [nil, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                     "application/jsonp", "text/json", ""] as [String?] {
            #expect(refusal(#"{"item":"Pie","amount":1}"#, type: type)?.status == .unsupportedMediaType, "\(type ?? "none")")
        }
    }

    @Test func tooLargeIs413() {
        let body = #"{"item":""# + String(repeating: "x", count: 2000) + #"","amount":1}"#
        #expect(refusal(body, maxSize: 1000)?.status == .payloadTooLarge)
        #expect(refusal(body, maxSize: 4000) == nil)
    }

    @Test func malformedIs400() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        for body in ["", " ", "{", "not json", #"{"item":"Pie","amount":1"#, #"{"item":"Pie" "amount":1}"#,
                     "{\"item\":\"P\u{0}ie\",\"amount\":1}", deep, #"{"item":"Pie","amount":1}{}"#] {
            #expect(refusal(body)?.status == .badRequest, "\(body.prefix(40))")
        }
        #expect(refusal([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])?.status == .badRequest, "not UTF-8")
    }

    @Test func wellFormedButWrongIs422NamingTheField() {
        let cases: [(String, String)] = [
            (#"{"amount":1}"#, "item: missing."),
            (#"{"item":"Pie","amount":"twelve"}"#, "amount: a number is expected."),
            (#"{"item":"Pie","amount":null}"#, "amount: a number is expected."),
            (#"{"item":7,"amount":1}"#, "item: a string is expected."),
            (#"{"item":"Pie","amount":1,"lines":[{"sku":"A","quantity":1},{"sku":"B"}]}"#, "lines[1].quantity: missing."),
            (#"{"item":"Pie","amount":1,"lines":[{"sku":"A","quantity":"2"}]}"#, "lines[0].quantity: a whole number is expected."),
            (#"{"item":"Pie","amount":1,"lines":{"sku":"A"}}"#, "lines: an array is expected."),
            (#"["Pie",1]"#, "the body: an object is expected."),
        ]
        for (body, message) in cases {
            let error = refusal(body)
            #expect(error?.status == .unprocessableContent && error?.message == message, "\(body) → \(error?.message ?? "decoded")")
        }
        // A number its type cannot hold is the value's fault, not the syntax's (Foundation does not
        // say which field).
        for number in ["1e30", "1.5", "99999999999999999999"] {
            let overflow = refusal(#"{"item":"Pie","amount":1,"lines":[{"sku":"A","quantity":"# + number + "}]}")
            #expect(overflow?.status == .unprocessableContent, "\(number)")
        }
    }

    /// Through a router on a real server: each refusal is a JSON answer with its status.
    @Test func aRouterAnswersEachRefusalAsJSON() throws {
        var router = Router(fallback: Respond { _ in .text("page") })
        router.on(.post, "/api/orders") { request, _ in
            let order = try request.decode(NewOrder.self)
            return .text("\(order.item) \(order.amount)", status: .created)
        }
        try withServer(responder: router) { server in
            func post(_ body: String, type: String) throws -> TestResponse {
                let client = try TestClient(port: server.port)
                try client.write("POST /api/orders HTTP/1.1\r\nHost: x\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                return try client.readResponse()
            }
            #expect(try post(#"{"item":"Pie","amount":4.5}"#, type: "application/json").text == "Pie 4.5")
            let wrong = try post(#"{"item":"Pie"}"#, type: "application/json")
            #expect(wrong.status == 422 && wrong.text == #"{"error":"amount: missing."}"#)
            #expect(try post("item=Pie", type: "application/x-www-form-urlencoded").status == 415)
            #expect(try post("{", type: "application/json").status == 400)
        }
    }
}
