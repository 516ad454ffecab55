import MicroHTTP
import Mustache

/// The Mustache templates of an app, loaded once at start-up. Names are paths relative to the
/// templates folder without the extension (`navigation/page`, `demo/order-detail`).
public struct TemplateLibrary: Sendable {
    private let library: MustacheLibrary

    /// Loads every `.mustache` file below `directory`.
    public init(directory: String) async throws {
        library = try await MustacheLibrary(directory: directory)
    }

    /// Renders `model` (a struct with stored properties) with the template `name`.
    /// A missing template is the app's bug, so it is a 500 with a message for the log.
    public func render(_ model: Any, template name: String) throws -> String {
        guard let html = library.render(model, withTemplate: name) else {
            throw HTTPError(.internalServerError, "No template named \(name)")
        }
        return html
    }
}
