import Foundation

extension Response {
    /// A `application/json` response of `value` as `JSONEncoder` writes it, keys sorted.
    ///
    /// ```swift
    /// return try .json(order, status: .created)
    /// ```
    ///
    /// - Throws: What `JSONEncoder` throws for a value it cannot write (a non-finite `Double`).
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: HTTPHeaders([("Content-Type", "application/json")]),
            body: .bytes(Array(try encoder.encode(value))))
    }

    /// An error as a JSON API answers it: `{"error": "…"}` with the error's status and headers
    /// (`Retry-After` for a 503); the status's reason phrase when the error has no message.
    public static func jsonError(_ error: HTTPError) -> Response {
        let message = error.message.isEmpty ? error.status.reason : error.message
        var response = (try? json(["error": message], status: error.status))
            ?? Response(status: error.status, headers: HTTPHeaders([("Content-Type", "application/json")]))
        for field in error.headers { response.headers.replace(field.name, field.value) }
        return response
    }
}
