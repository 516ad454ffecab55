/// An error a responder throws to answer with a specific status.
///
/// The server turns it into a `text/plain` response whose body is `message`
/// (or the status's reason phrase when `message` is empty), so `message` must be
/// safe to show to the client.
public struct HTTPError: Error, Sendable {
    public let status: HTTPStatus
    public let message: String

    public init(_ status: HTTPStatus, _ message: String = "") {
        self.status = status
        self.message = message
    }
}
