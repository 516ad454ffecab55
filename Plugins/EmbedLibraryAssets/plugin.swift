import Foundation
import PackagePlugin

/// Embeds the library's own files into `NavigationHTML` when it builds: the templates of the
/// package's `Templates/navigation`, and `app.css`, `app.js` and `icons/*.svg` of its `Public`
/// folder. An app that depends on the library so gets them without copying a file, and a
/// deployed executable needs no folder beside it. The top-level folders stay the one place
/// these files are edited; a change to any of them rebuilds the embedding.
@main
struct EmbedLibraryAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let files = try Self.assets(in: package)
        let output = context.pluginWorkDirectoryURL.appending(path: "LibraryAssets+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding the library's templates, stylesheet, script and icons",
                executable: try context.tool(named: "AssetEmbedder").url,
                arguments: [output.path(percentEncoded: false), package.path(percentEncoded: false)] + files.map(\.name),
                inputFiles: files.map(\.url),
                outputFiles: [output])
        ]
    }

    /// Each embedded file, by its path relative to the package.
    static func assets(in package: URL) throws -> [(name: String, url: URL)] {
        var names = ["Public/app.css", "Public/app.js"]
        let manager = FileManager.default
        for (folder, suffix) in [("Templates/navigation", ".mustache"), ("Public/icons", ".svg")] {
            let found = try manager.contentsOfDirectory(atPath: package.appending(path: folder).path(percentEncoded: false))
            names += found.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
        }
        return names.map { ($0, package.appending(path: $0)) }
    }
}
