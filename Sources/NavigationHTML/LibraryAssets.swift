import Foundation
import MicroHTTP

/// The library's own files — the page templates, the stylesheet, the script and the icons —
/// built into the library and served by `NavigationResponder` itself under one versioned URL
/// prefix, so an app copies none of them.
///
/// The prefix names the files' contents (`/_navigation/4f0c1a9e27b3/`): a page links to
/// `LibraryAssets.url(of: "app.css")`, and browsers keep each file for a year as immutable,
/// since a library with other files serves them under another prefix. A request for a file of
/// an older prefix (a page still open across a deploy) gets today's file, cached briefly.
///
/// Icons are the library's by name: `Tab.systemImage` or `ListRow`'s `systemImage` naming any
/// of `iconNames` (SF Symbols' names: `"star"`, `"folder.fill"`) shows that icon, drawn in the
/// text colour, with no stylesheet of the app's own.
public enum LibraryAssets {
    /// The URL path the files are served under, with a slash at each end.
    public static let prefix = "/_navigation/\(catalog.version)/"

    /// The URL of one of the library's files (`"app.css"`, `"app.js"`, `"icons/star.svg"`).
    public static func url(of name: String) -> String {
        prefix + name
    }

    /// The names of the icons in the library's set: SF Symbols' names, each drawn by a
    /// Bootstrap Icons glyph that looks like it (see `Public/icons/README.md`).
    public static var iconNames: Set<String> { catalog.iconNames }

    /// The library's templates by name (`navigation/page`, `navigation/list`, …).
    static var templates: [String: String] { catalog.templates }

    /// The answer to a GET or HEAD of one of the files, or nil when the request is not for one.
    static func response(to request: Request) -> Response? {
        guard request.path.hasPrefix("/_navigation/"), request.method == .get || request.method == .head else {
            return nil
        }
        let rest = request.path.dropFirst("/_navigation/".count)
        guard let slash = rest.firstIndex(of: "/"), let file = catalog.files[String(rest[rest.index(after: slash)...])] else {
            return nil
        }
        let isCurrent = rest[..<slash] == catalog.version
        let etag = "\"\(catalog.version)\""
        var headers = HTTPHeaders([
            ("Cache-Control", isCurrent ? "public, max-age=31536000, immutable" : "public, max-age=300"),
            ("ETag", etag),
        ])
        if request.hasCurrentCopy(of: etag) {
            var response = Response(status: .notModified, headers: headers)
            response.screen = "asset"
            return response
        }
        headers.add("Content-Type", file.mediaType)
        headers.add("X-Content-Type-Options", "nosniff")
        var response = Response(headers: headers, body: .bytes(file.bytes))
        response.screen = "asset"
        return response
    }

    /// Read once from the embedded files, on first use.
    private static let catalog = Catalog(embedded)
}

extension LibraryAssets {
    /// The embedded files, decoded and named as they are served.
    struct Catalog: Sendable {
        struct File: Sendable {
            let bytes: [UInt8]
            let mediaType: String
        }

        let files: [String: File]
        let templates: [String: String]
        let iconNames: Set<String>
        /// 48 bits of a hash of every file's name and contents, in hex.
        let version: String

        init(_ embedded: [(path: String, base64: String)]) {
            var files: [String: File] = [:]
            var templates: [String: String] = [:]
            var icons: [String] = []
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for (path, base64) in embedded {
                let bytes = [UInt8](Data(base64Encoded: base64) ?? Data())
                for byte in Array(path.utf8) + [0] + bytes {
                    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                }
                if path.hasPrefix("Templates/"), path.hasSuffix(".mustache") {
                    let name = path.dropFirst("Templates/".count).dropLast(".mustache".count)
                    templates[String(name)] = String(decoding: bytes, as: UTF8.self)
                    continue
                }
                let name = String(path.dropFirst("Public/".count))
                if name.hasPrefix("icons/"), name.hasSuffix(".svg") {
                    icons.append(String(name.dropFirst("icons/".count).dropLast(".svg".count)))
                }
                files[name] = File(bytes: bytes, mediaType: Self.mediaType(of: name))
            }
            if let stylesheet = files["app.css"] {
                files["app.css"] = File(bytes: stylesheet.bytes + Self.iconRules(icons.sorted()), mediaType: stylesheet.mediaType)
            }
            self.files = files
            self.templates = templates
            self.iconNames = Set(icons)
            let hex = String(hash, radix: 16)
            version = String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
        }

        /// One rule per icon, after the stylesheet's own: `.symbol-star\.fill` draws
        /// `icons/star.fill.svg` (a URL relative to the stylesheet's, so under the same prefix).
        static func iconRules(_ names: [String]) -> [UInt8] {
            var css = "\n/* The library's icons, by the SF Symbol names apps give them. */\n"
            for name in names {
                css += ".symbol-\(name.replacingOccurrences(of: ".", with: "\\.")) { --symbol: url(\"icons/\(name).svg\"); }\n"
            }
            return Array(css.utf8)
        }

        static func mediaType(of name: String) -> String {
            if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
            if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
            if name.hasSuffix(".svg") { return "image/svg+xml" }
            return "application/octet-stream"
        }
    }
}
