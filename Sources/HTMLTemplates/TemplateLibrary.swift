import Foundation
import Synchronization

/// An app's templates, compiled once at start-up. Names are paths relative to the templates
/// folder without the extension (`navigation/page`, `demo/photo`); partials use the same names.
///
/// ```swift
/// let templates = try TemplateLibrary(directory: "Templates")
/// let html = try templates.render(OrderRow(id: "ORD-001", note: nil), template: "demo/order-row")
/// ```
///
/// Every template's syntax and every partial it names are checked when the library is built, so
/// a broken template stops the app at start-up rather than on a page.
public struct TemplateLibrary: Sendable {
    /// Every template, partials linked to their indices here.
    private let templates: [Template]
    private let indices: [String: Int]
    /// Each template as compiled for each model type it has rendered.
    private let compiledTemplates = CompiledTemplates()

    /// Compiles every `.mustache` file below `directory`.
    public init(directory: String) throws {
        try self.init(sources: try Self.sources(directory: directory))
    }

    /// The text of every `.mustache` file below `directory`, named by its path there without the
    /// extension.
    ///
    /// - Throws: `TemplateError` when the folder does not exist or cannot be read.
    public static func sources(directory: String) throws -> [String: String] {
        let root = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        else {
            throw TemplateError(template: directory, line: 0, message: "There is no templates folder at \(root.path).")
        }
        var sources: [String: String] = [:]
        for case let file as URL in files where file.pathExtension == "mustache" {
            let relative = file.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" }
            sources[String(relative.dropLast(".mustache".count))] = try String(contentsOf: file, encoding: .utf8)
        }
        return sources
    }

    /// Compiles templates given as source text, by name.
    public init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources {
            templates[name] = try Template(source, name: name)
        }
        for template in templates.values {
            for partial in template.partials where templates[partial] == nil {
                throw TemplateError(template: template.name, line: 0, message: "There is no partial named “\(partial)”.")
            }
        }
        let names = templates.keys.sorted()
        let indices = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        self.indices = indices
        self.templates = names.map { templates[$0]!.linked(to: indices) }
    }

    /// The names of the templates, sorted.
    public var names: [String] { templates.map(\.name) }

    /// Appends `model` rendered with the template `name` to `buffer`. A model that conforms to
    /// `TemplateModel` is read through its fields, any other through reflection.
    public func render(_ model: Any, template name: String, into buffer: inout HTMLBuffer) throws(TemplateError) {
        let index = try index(of: name)
        if let model = model as? any TemplateModel {
            try render(model, index: index, into: &buffer)
        } else {
            var renderer = Template.Renderer(templates: templates, output: HTMLBuffer(), model: ReflectedModel(subject: model))
            swap(&renderer.output, &buffer)
            renderer.render(templates[index].nodes)
            swap(&renderer.output, &buffer)
        }
    }

    /// Appends `model` rendered with the template `name` to `buffer`, through the template as
    /// compiled for `Model` the first time it rendered one.
    public func render<Model: TemplateModel>(_ model: Model, template name: String, into buffer: inout HTMLBuffer) throws(TemplateError) {
        try render(model, index: try index(of: name), into: &buffer)
    }

    private func render<Model: TemplateModel>(_ model: Model, index: Int, into buffer: inout HTMLBuffer) throws(TemplateError) {
        let key = CompiledTemplates.Key(template: index, model: ObjectIdentifier(Model.self))
        let templates = templates
        let compiled = try compiledTemplates.compiled(for: key) { () throws(TemplateError) in
            try Template.Compiler.compile(templates[index], in: templates, for: Model.self)
        }
        compiled.render(model, into: &buffer)
    }

    private func index(of name: String) throws(TemplateError) -> Int {
        guard let index = indices[name] else {
            throw TemplateError(template: name, line: 0, message: "There is no template named “\(name)”.")
        }
        return index
    }

    /// `model` rendered with the template `name`, as UTF-8.
    public func render(_ model: Any, template name: String) throws(TemplateError) -> [UInt8] {
        var buffer = HTMLBuffer(capacity: 4096)
        try render(model, template: name, into: &buffer)
        return buffer.bytes
    }
}
