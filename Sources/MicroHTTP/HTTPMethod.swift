/// The request methods the server hands to a responder.
///
/// Requests with any other method are answered `405 Method Not Allowed` by the
/// server itself; responders never see them.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case patch = "PATCH"
    case options = "OPTIONS"
}
