import Foundation

// AssetEmbedder OUTPUT PACKAGE FILE...: writes a Swift file that holds each FILE (a path relative
// to PACKAGE) as base64 text, for the EmbedLibraryAssets plugin. Base64 in a plain string
// literal compiles fast and needs no escaping, whatever the file holds.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: AssetEmbedder OUTPUT PACKAGE FILE...\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: arguments[arguments.startIndex])
let package = URL(fileURLWithPath: arguments[arguments.startIndex + 1], isDirectory: true)
var source = """
    // Generated when NavigationHTML builds (the EmbedLibraryAssets plugin): do not edit.

    extension LibraryAssets {
        /// The package's files, by their paths in the package, as base64.
        static let embedded: [(path: String, base64: String)] = [

    """
for name in arguments.dropFirst(2) {
    guard !name.contains("\""), !name.contains("\\") else {
        FileHandle.standardError.write(Data("AssetEmbedder: a file name may not hold a quote or backslash: \(name)\n".utf8))
        exit(65)
    }
    let contents = try Data(contentsOf: package.appendingPathComponent(name))
    source += "        (\"\(name)\", \"\(contents.base64EncodedString())\"),\n"
}
source += "    ]\n}\n"
// Written only when it changed, so that an unchanged embedding does not recompile the module.
if (try? String(contentsOf: output, encoding: .utf8)) != source {
    try source.write(to: output, atomically: true, encoding: .utf8)
}
