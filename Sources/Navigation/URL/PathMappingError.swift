/// A route, destination or value in one whose URL mapping cannot be derived from its `Codable`
/// conformance: reported when the server is set up (``NavigationSchema/checkPaths()``), never
/// while answering a request.
public struct PathMappingError: Error, CustomStringConvertible, Sendable {
    /// The type checked, e.g. `AppRoute`.
    public let type: String
    /// Where in it, e.g. `userDetail.tags`; empty for the type itself.
    public let field: String
    /// What cannot be expressed, and what to do about it.
    public let reason: String

    init(type: Any.Type, codingPath: [any CodingKey], reason: String) {
        self.type = String(reflecting: type)
        self.field = codingPath.map(\.stringValue).joined(separator: ".")
        self.reason = reason
    }

    public var description: String {
        let place = field.isEmpty ? type : "\(type).\(field)"
        return "\(place): \(reason) Write `pathSegments` and `parse(_:)` by hand for this type, or change it."
    }
}
