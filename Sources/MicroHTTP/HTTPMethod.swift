/// The request methods the server hands to a responder.
///
/// Requests with any other method are answered `405 Method Not Allowed` by the
/// server itself; responders never see them.
public enum HTTPMethod: String, Sendable, CaseIterable {
    /// Reads a resource; with `head`, the only method `FileResponder` serves files for.
    case get = "GET"
    /// A GET that wants the status and headers only: answer it as a GET, and the server sends no
    /// body (its `Content-Length` still the body's).
    case head = "HEAD"
    /// Submits data; the only method whose body is read, into `Request.form` (url-encoded or
    /// multipart fields; any other body is discarded).
    case post = "POST"
    /// Stores a resource at the URL. Its body counts against `maxBodySize` but is neither parsed
    /// nor kept: `Request` has no body to read.
    case put = "PUT"
    /// Removes the resource; a body is discarded, as for `put`.
    case delete = "DELETE"
    /// Changes part of the resource; its body is discarded, as for `put`.
    case patch = "PATCH"
    /// Asks what the resource allows. It reaches the responder like any other method: the server
    /// writes no `Allow` or CORS answer of its own.
    case options = "OPTIONS"
}
