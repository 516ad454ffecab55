import Foundation
import HTTPTestSupport
import Testing

/// The demo's JSON API beside its pages: list, one order, create; each hostile input a clear JSON
/// error with nothing written. Runs on SQLite and, in scripts/test's second run, PostgreSQL.
@Suite struct OrderAPITests {
    func send(_ port: Int, _ method: String, _ path: String, body: String? = nil,
              headers: [String] = ["Content-Type: application/json"]) throws -> TestResponse {
        let client = try TestClient(port: port)
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let body {
            for header in headers { text += header + "\r\n" }
            text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        } else {
            text += "\r\n"
        }
        try client.write(text)
        return try client.readResponse()
    }

    func json(_ response: TestResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(response.body))
    }

    func orderCount(_ port: Int) throws -> Int {
        try #require(try json(try send(port, "GET", "/api/orders")) as? [[String: Any]]).count
    }

    @Test func ordersAreListedReadAndCreated() async throws {
        try await withDemoServer { port in
            let list = try send(port, "GET", "/api/orders")
            #expect(list.status == 200 && list.header("Content-Type") == "application/json")
            let orders = try #require(try json(list) as? [[String: Any]])
            #expect(orders.contains { $0["id"] as? String == "ORD-001" })
            let one = try #require(try json(try send(port, "GET", "/api/orders/ORD-001")) as? [String: Any])
            #expect(one["id"] as? String == "ORD-001" && one["item"] is String && one["amount"] is NSNumber)
            let missing = try send(port, "GET", "/api/orders/ORD-999")
            #expect(missing.status == 404 && missing.text == #"{"error":"There is no order ORD-999."}"#)

            let created = try send(port, "POST", "/api/orders", body: #"{"item": "Lemon Tart", "amount": 299.99}"#)
            #expect(created.status == 201, "\(created.text)")
            let order = try #require(try json(created) as? [String: Any])
            let id = try #require(order["id"] as? String)
            #expect(created.header("Location") == "/api/orders/\(id)")
            #expect(order["item"] as? String == "Lemon Tart" && (order["amount"] as? NSNumber)?.doubleValue == 299.99)
            let page = try send(port, "GET", "/orders/order/\(id)")
            #expect(page.status == 200 && page.text.contains("Lemon Tart") && page.text.contains("$299.99"),
                    "the page shows what the API created")
        }
    }

    @Test func hostileInputIsAClearErrorAndWritesNothing() async throws {
        try await withDemoServer { port in
            let before = try orderCount(port)
            let cases: [(String, [String], Int, String)] = [
                (#"{"item":"Tart","amount":5}"#, ["Content-Type: text/plain"], 415, "JSON"),
                ("item=Tart&amount=5", ["Content-Type: application/x-www-form-urlencoded"], 415, "JSON"),
                (#"{"item":"Tart","amount":5}"#, ["Content-Type: application/json", "Origin: http://evil.example"], 403, "this site"),
                (#"{"item":"Tart","amount":"#, ["Content-Type: application/json"], 400, "not valid JSON"),
                (#"{"item":"Tart","amount":"5"}"#, ["Content-Type: application/json"], 422, "amount"),
                (#"{"item":42,"amount":5}"#, ["Content-Type: application/json"], 422, "item"),
                (#"{"amount":5}"#, ["Content-Type: application/json"], 422, "item: missing"),
                (#"{"item":"Tart","amount":-5}"#, ["Content-Type: application/json"], 422, "amount"),
                (#"{"item":"Tart","amount":12.345}"#, ["Content-Type: application/json"], 422, "amount"),
                (#"{"item":"<script>","amount":5}"#, ["Content-Type: application/json"], 422, "item"),
                (#"{"item":"","amount":5}"#, ["Content-Type: application/json"], 422, "item"),
                (#"["Tart", 5]"#, ["Content-Type: application/json"], 422, "object"),
                // Strings that are not what they seem: a NUL, an escape sequence, a line break in a
                // one-line field, one letter under 200 accents (one character, 401 bytes).
                (#"{"item":"Tart\u0000","amount":5}"#, ["Content-Type: application/json"], 422, "item: The title holds a control character (U+0000)"),
                (#"{"item":"\u001b[2JTart","amount":5}"#, ["Content-Type: application/json"], 422, "item: The title holds a control character"),
                (#"{"item":"Tart\nPie","amount":5}"#, ["Content-Type: application/json"], 422, "item: The title must be one line"),
                (#"{"item":"a"# + String(repeating: "\\u0301", count: 200) + #"","amount":5}"#,
                 ["Content-Type: application/json"], 422, "item: The title is too long"),
                (#"{"item":"Tart","amount":5,"pad":""# + String(repeating: "x", count: 70_000) + #""}"#,
                 ["Content-Type: application/json"], 413, ""),
            ]
            for (body, headers, status, says) in cases {
                let response = try send(port, "POST", "/api/orders", body: body, headers: headers)
                #expect(response.status == status, "\(body.prefix(60)) \(headers): \(response.text)")
                if status != 413 {
                    let error = try #require(try json(response) as? [String: String], "\(response.text)")
                    #expect(error["error"]?.contains(says) == true, "\(body.prefix(60)): \(error)")
                }
            }
            #expect(try orderCount(port) == before, "nothing was written")
        }
    }
}
