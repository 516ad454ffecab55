/// The `Content-Type` of a static file, chosen by its extension.
enum MediaType {
    private static let byExtension: [String: String] = [
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "html": "text/html; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8",
        "json": "application/json",
        "webmanifest": "application/manifest+json",
        "woff2": "font/woff2",
    ]

    /// The type for a file path's extension (case-insensitive);
    /// `application/octet-stream` when unknown.
    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return "application/octet-stream"
        }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        return byExtension[fileExtension] ?? "application/octet-stream"
    }
}
