import Foundation

extension Request {
    /// The body, a JSON document, decoded as `T`; or the `HTTPError` that tells the client what is
    /// wrong with it, which a `Router` answers as `{"error": "…"}` with its status:
    ///
    /// - 415 when the body is not declared JSON (`Content-Type: application/json`, or a `+json`
    ///   type): a form another site posts cannot pass for an API call;
    /// - 413 when it is larger than `maxSize` bytes (the server refuses bodies over
    ///   `ServerConfiguration.maxBodySize` before any responder);
    /// - 400 when it is not JSON at all (malformed, empty, not UTF-8);
    /// - 422 when it is JSON but not a `T`, naming the field: `"items[1].amount: missing."`,
    ///   `"amount: a number is expected."`.
    ///
    /// ```swift
    /// router.on(.post, "/api/orders") { request, _ in
    ///     let order = try request.decode(NewOrder.self)
    ///     guard order.amount > 0 else { throw HTTPError(.unprocessableContent, "amount: more than 0 is expected.") }
    ///     return try .json(await store.create(order), status: .created)
    /// }
    /// ```
    public func decode<T: Decodable>(_ type: T.Type = T.self, maxSize: Int = 1 << 20, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        guard Self.isJSON(headers["Content-Type"]) else {
            throw HTTPError(.unsupportedMediaType, "Send JSON (Content-Type: application/json).")
        }
        guard body.count <= maxSize else {
            throw HTTPError(.payloadTooLarge, "The body is larger than \(maxSize) bytes.")
        }
        do {
            return try decoder.decode(T.self, from: Data(body))
        } catch DecodingError.keyNotFound(let key, let context) {
            throw HTTPError(.unprocessableContent, "\(Self.field(context.codingPath + [key])): missing.")
        } catch DecodingError.valueNotFound(let expected, let context), DecodingError.typeMismatch(let expected, let context) {
            let field = Self.field(context.codingPath)
            throw HTTPError(.unprocessableContent, "\(field.isEmpty ? "the body" : field): \(Self.kind(of: expected)) is expected.")
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            // JSON, but a value its type refuses (a date or URL that does not read, a number out of range).
            throw HTTPError(.unprocessableContent, "\(Self.field(context.codingPath)): \(context.debugDescription)")
        } catch let error as HTTPError {
            throw error   // the type's own refusal, as it says
        } catch {
            // Foundation says "not valid JSON", with no field, of valid JSON whose number does not
            // fit its field (1e30 or 1.5 for an Int): that is the client's value, not its syntax.
            if (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) != nil {
                throw HTTPError(.unprocessableContent, "A number does not fit its field (too large, or not whole where a whole number is expected).")
            }
            throw HTTPError(.badRequest, "The body is not valid JSON.")
        }
    }

    /// `application/json`, or a structured `+json` type (`application/merge-patch+json`), with
    /// any parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    /// `items[1].amount`: a coding path as a person reads it.
    static func field(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { field, key in
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                field += "[\(index)]"
            } else {
                field += (field.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    /// What a value of `type` is called in an answer: "a number", "a string", "an object".
    static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type, is Character.Type: "a string"
        case is Bool.Type: "true or false"
        case is any BinaryInteger.Type: "a whole number"
        case is any BinaryFloatingPoint.Type, is Decimal.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "a value of type \(type)"
        }
    }
}
