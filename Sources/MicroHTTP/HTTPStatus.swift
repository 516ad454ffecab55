/// An HTTP status code with its reason phrase.
///
/// The reason phrase documents intent; on the wire libmicrohttpd writes its own
/// standard phrase for the code.
public struct HTTPStatus: Sendable, Hashable {
    public let code: Int
    public let reason: String

    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    public static let ok = HTTPStatus(code: 200, reason: "OK")
    public static let created = HTTPStatus(code: 201, reason: "Created")
    public static let noContent = HTTPStatus(code: 204, reason: "No Content")
    public static let movedPermanently = HTTPStatus(code: 301, reason: "Moved Permanently")
    public static let found = HTTPStatus(code: 302, reason: "Found")
    public static let seeOther = HTTPStatus(code: 303, reason: "See Other")
    public static let notModified = HTTPStatus(code: 304, reason: "Not Modified")
    public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    public static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    public static let notAcceptable = HTTPStatus(code: 406, reason: "Not Acceptable")
    public static let payloadTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    public static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    public static let unprocessableContent = HTTPStatus(code: 422, reason: "Unprocessable Content")
    public static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
}
