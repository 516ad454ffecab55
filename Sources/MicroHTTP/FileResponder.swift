/// Serves the regular files under a directory, like Hummingbird's FileMiddleware,
/// and hands every other request to a fallback responder.
///
/// Only GET and HEAD are served, and only for paths that name a regular file
/// inside `root` once symlinks are resolved. Paths containing NUL, a backslash,
/// `.` or `..` segments or empty segments, directories (never listed), missing
/// files and every other method go to `fallback`. A served file carries its
/// `Content-Type` (by extension), a strong `ETag` from size and modification time,
/// and `Last-Modified`; a matching `If-None-Match` is answered `304 Not Modified`.
/// A URL naming the file's current version (`versionedURL(of:in:)`, `?v=…`) may be
/// cached for a year as immutable, since a changed file gets another URL; any other
/// is cached for an hour and then revalidated. The root's top-level names are read again
/// at most once a second, so a file added at the top of the root is served within a second
/// (one added to an existing subfolder at once). Files up to 256 KB are kept in memory and
/// checked again at most once a second, so a changed file is served within a second.
///
///     let responder = FileResponder(root: "Public", fallback: app)
///     FileResponder.versionedURL(of: "app.css", in: "Public")   // "/app.css?v=1094-6b02…"
public struct FileResponder: HTTPResponder {
    /// The folder served, as given: a relative path is from the working directory when the
    /// responder is made (or at each request, when the folder did not exist then).
    public let root: String
    private let fallback: any HTTPResponder

    /// The root with its links followed, once: resolving it costs a system call per component.
    /// Nil when the folder did not exist at start; it is then looked for on each request.
    private let resolvedRoot: String?
    /// The root's top-level names, so that pages, which start under none of them, cost no
    /// failed `stat` (nil when the root did not exist at start).
    private let entries: RootEntries?
    /// Small files' bytes, served without a system call while unchanged.
    private let cache: StaticFileCache

    /// Serves the files under `root` and hands every other request to `fallback`; see above for
    /// which requests name a file.
    public init(root: String, fallback: any HTTPResponder) {
        self.init(root: root, fallback: fallback, recheckInterval: .seconds(1))
    }

    /// - Parameter recheckInterval: How long the root's list of top-level names is trusted
    ///   (see `RootEntries`).
    init(root: String, fallback: any HTTPResponder, recheckInterval: Duration) {
        self.root = root
        self.fallback = fallback
        resolvedRoot = StaticFile.resolve(root)
        entries = resolvedRoot.map { RootEntries(path: $0, recheckInterval: recheckInterval) }
        cache = StaticFileCache(recheckInterval: recheckInterval)
    }

    /// The file's response when the request names one, else `fallback`'s answer or error.
    public func respond(to request: Request) async throws -> Response {
        if let response = fileResponse(to: request) { return response }
        return try await fallback.respond(to: request)
    }

    /// A file's answer, ready at once, else the fallback's reply.
    public func reply(to request: Request) throws -> Reply {
        if let response = fileResponse(to: request) { return .ready(response) }
        return try fallback.reply(to: request)
    }

    /// The answer when the request names a file under the root, else nil.
    private func fileResponse(to request: Request) -> Response? {
        // Nothing is allocated, and the path not read past its first segment, until that segment
        // names something in the root: every page passes here.
        guard request.method == .get || request.method == .head else { return nil }
        // One reading of the clock for the listing and the kept file.
        let now = ContinuousClock.now
        guard entries?.mayContain(firstSegmentOf: request.path, now: now) ?? true,
              let relative = Self.relativePath(request.path),
              let base = resolvedRoot ?? StaticFile.resolve(root)
        else { return nil }
        let relativePath = String(relative)
        if let entry = cache.entry(relativePath, base: base, now: now) {
            return response(to: request, kept: entry)
        }
        guard let file = StaticFile(base: base, relativePath: relativePath) else { return nil }
        let mediaType = MediaType.forPath(relativePath)
        func fields(caching: String) -> HTTPHeaders {
            Self.fields(etag: file.etag, caching: caching, mediaType: mediaType, lastModified: file.lastModified)
        }
        // Both sets made only for a file that is kept: one too large is read for every request.
        if let entry = cache.load(relativePath, file: file, now: now, fields: {
            (current: fields(caching: Self.shortLived), versioned: fields(caching: Self.immutable))
        }) {
            file.discard()
            return response(to: request, kept: entry)
        }
        let isVersioned = request.query["v"] == file.version
        if request.hasCurrentCopy(of: file.etag) {
            file.discard()
            return notModified(etag: file.etag, isVersioned: isVersioned)
        }
        return Self.ok(fields: fields(caching: isVersioned ? Self.immutable : Self.shortLived),
                       body: .file(descriptor: file.descriptor, size: file.size))
    }

    private func response(to request: Request, kept entry: StaticFileCache.Entry) -> Response {
        let isVersioned = request.query["v"] == entry.version
        if request.hasCurrentCopy(of: entry.etag) { return notModified(etag: entry.etag, isVersioned: isVersioned) }
        return Self.ok(fields: isVersioned ? entry.fields.versioned : entry.fields.current, body: .bytes(entry.bytes))
    }

    /// RFC 9110 15.4.5: a 304 carries the validators and caching fields only.
    /// (libmicrohttpd 0.9.75 still adds "Content-Length: 0"; caches ignore it.)
    private func notModified(etag: String, isVersioned: Bool) -> Response {
        var notModified = Response(
            status: .notModified, headers: HTTPHeaders([("ETag", etag), ("Cache-Control", isVersioned ? Self.immutable : Self.shortLived)]))
        notModified.screen = "file"
        return notModified
    }

    private static func ok(fields: HTTPHeaders, body: Response.Body) -> Response {
        var response = Response(headers: fields, body: body)
        response.screen = "file"
        return response
    }

    /// A file's `200` fields. A kept file's are made when it is read (`StaticFileCache.Entry`), not
    /// for every request: an array and five fields made for each answer were 2 % of a file's
    /// CPU on the wire, and checking and copying them for the wire on each answer another 4 %
    /// of its instructions, so they are kept as they go there.
    static func fields(etag: String, caching: String, mediaType: String, lastModified: String) -> HTTPHeaders {
        var fields = HTTPHeaders([("ETag", etag), ("Cache-Control", caching), ("Content-Type", mediaType),
                                  ("Last-Modified", lastModified), ("X-Content-Type-Options", "nosniff")])
        fields.keepCheckedLines()
        return fields
    }

    /// How long a file may be cached: a URL naming the file's version (`versionedURL`) for good,
    /// any other for an hour.
    private static let immutable = "public, max-age=31536000, immutable"
    private static let shortLived = "public, max-age=3600"

    /// The URL of the file's current version, for pages to link to; the plain path when the
    /// file cannot be read.
    public static func versionedURL(of relativePath: String, in root: String) -> String {
        guard let file = StaticFile(root: root, relativePath: relativePath) else { return "/" + relativePath }
        file.discard()
        return "/" + relativePath + "?v=" + file.version
    }

    /// The path without its leading slash, or nil when it is not a plain file path: it starts
    /// with "/" and has no NUL, backslash, empty, "." or ".." segment.
    static func relativePath(_ path: String) -> Substring? {
        // One pass over the bytes, allocating nothing: every request that is not a file passes here.
        var path = path
        let isPlain = path.withUTF8 { bytes -> Bool in
            guard bytes.first == UInt8(ascii: "/") else { return false }
            var segmentStart = 1
            for index in 1...bytes.count {
                if index < bytes.count {
                    let byte = bytes[index]
                    if byte == 0 || byte == UInt8(ascii: "\\") { return false }
                    if byte != UInt8(ascii: "/") { continue }
                }
                let length = index - segmentStart
                let dot = UInt8(ascii: ".")
                if length == 0 || (length <= 2 && bytes[segmentStart] == dot && bytes[index - 1] == dot) {
                    return false
                }
                segmentStart = index + 1
            }
            return true
        }
        return isPlain ? path.dropFirst() : nil
    }
}
