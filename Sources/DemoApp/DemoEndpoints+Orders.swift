import Foundation
import MicroHTTP

/// The demo's JSON API over its orders, beside the pages that show them:
/// `GET /api/orders`, `GET /api/orders/{id}`, and `POST /api/orders` with
/// `{"item": String, "amount": Number}`, checked by the New Order sheet's rules (`OrderForm`).
extension DemoEndpoints {
    /// An order as the API writes it.
    struct OrderJSON: Encodable {
        let id: String
        let item: String
        /// Dollars, exact: 299.99.
        let amount: Decimal
        let placedOn: String

        init(_ order: Demo.Order) {
            id = order.id
            item = order.title
            amount = Decimal(order.cents) / 100
            placedOn = order.placedOn
        }
    }

    /// What `POST /api/orders` reads.
    private struct NewOrder: Decodable {
        let item: String
        let amount: Decimal
    }

    static func addOrderRoutes(to router: inout Router, store: any DemoStorage) {
        router.on(.get, "/api/orders") { _, _ in
            try .json(try await store.reading { try await store.orders() }.map(OrderJSON.init))
        }
        router.on(.get, "/api/orders/{id}") { _, context in
            let id = context.parameters["id"] ?? ""
            guard let order = try await store.reading({ try await store.order(id: id) }) else {
                throw HTTPError(.notFound, "There is no order \(id.count > 40 ? String(id.prefix(40)) + "…" : id).")
            }
            return try .json(OrderJSON(order))
        }
        router.on(.post, "/api/orders") { request, _ in
            let form = try validated(request)
            let order = try await store.createOrder(
                title: form.title, cents: form.cents, placedOn: Demo.Order.today(), submission: nil)
            var response = try Response.json(OrderJSON(order), status: .created)
            response.headers.replace("Location", "/api/orders/\(order.id)")
            return response
        }
    }

    /// The order a request asks for, or the error that says what is wrong with it, before
    /// anything is written: a body that is not JSON is 415 (a form from another site can send
    /// text/plain or a form without asking first), malformed JSON 400, a missing field or a value
    /// of the wrong type or outside the rules 422 naming the field.
    static func validated(_ request: Request) throws -> OrderForm {
        let type = request.headers["Content-Type"]?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            throw HTTPError(.unsupportedMediaType, "Send the order as JSON (Content-Type: application/json).")
        }
        let order: NewOrder
        do {
            order = try JSONDecoder().decode(NewOrder.self, from: Data(request.body))
        } catch DecodingError.keyNotFound(let key, _) {
            throw HTTPError(.unprocessableContent, "\(key.stringValue): missing.")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.first?.stringValue
            throw field.map { HTTPError(.unprocessableContent, "\($0): \($0 == "item" ? "a string" : "a number") is expected.") }
                ?? HTTPError(.unprocessableContent, #"Send an object: {"item": "…", "amount": 12.5}."#)
        } catch {
            throw HTTPError(.badRequest, "The body is not valid JSON.")
        }
        switch OrderForm.validate(title: order.item, amount: "\(order.amount)") {
        case .success(let form):
            return form
        case .failure(let message):
            throw HTTPError(.unprocessableContent, "\(message.field == "title" ? "item" : message.field): \(message.text)")
        }
    }
}
