import HTTPTestSupport
import Foundation
import MicroHTTP
import Testing

/// A temporary directory holding `public/` (the root) and, outside it, a canary
/// file that must never be served.
private struct Site: ~Copyable {
    let directory: URL
    var root: String { directory.appendingPathComponent("public").path }
    static let canary = "CANARY-must-not-leak"

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("microhttp-\(UUID().uuidString)")
        let files = FileManager.default
        let root = directory.appendingPathComponent("public")
        try files.createDirectory(at: root.appendingPathComponent("js"), withIntermediateDirectories: true)
        try "body { color: red }".write(to: root.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        try "let x = 1".write(to: root.appendingPathComponent("js/app.js"), atomically: true, encoding: .utf8)
        try Data([1, 2, 3]).write(to: root.appendingPathComponent("blob.bin"))
        try Self.canary.write(to: directory.appendingPathComponent("canary.txt"), atomically: true, encoding: .utf8)
        try files.createSymbolicLink(
            atPath: root.appendingPathComponent("link.txt").path, withDestinationPath: "../canary.txt")
        try files.createSymbolicLink(
            atPath: root.appendingPathComponent("inside.css").path, withDestinationPath: "style.css")
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}

private let notFound = Respond { _ in .text("fallback", status: .notFound) }

@Suite struct FileResponderTests {
    @Test func servesAFileWithTypeCachingAndETag() throws {
        let site = try Site()
        try withServer(responder: FileResponder(root: site.root, fallback: notFound)) { server in
            let css = try exchange(server, "GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(css.status == 200)
            #expect(css.text == "body { color: red }")
            #expect(css.header("Content-Type") == "text/css; charset=utf-8")
            #expect(css.header("Cache-Control") == "public, max-age=3600")
            #expect(css.header("Last-Modified")?.hasSuffix(" GMT") == true)
            let etag = try #require(css.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))

            let js = try exchange(server, "GET /js/app.js HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(js.header("Content-Type") == "text/javascript; charset=utf-8")
            let blob = try exchange(server, "GET /blob.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(blob.header("Content-Type") == "application/octet-stream")
            #expect(blob.body == [1, 2, 3])
            let inside = try exchange(server, "GET /inside.css HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(inside.text == "body { color: red }", "symlinks that stay inside the root are fine")

            let head = try exchange(server, "HEAD /style.css HTTP/1.1\r\nHost: x\r\n\r\n", head: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "19")
        }
    }

    @Test func answers304ToAMatchingIfNoneMatch() throws {
        let site = try Site()
        try withServer(responder: FileResponder(root: site.root, fallback: notFound)) { server in
            let first = try exchange(server, "GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
            let etag = try #require(first.header("ETag"))
            let client = try TestClient(port: server.port)
            try client.write("GET /style.css HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"other\", W/\(etag)\r\n\r\n")
            let cached = try client.readResponse()
            #expect(cached.status == 304)
            #expect(cached.header("ETag") == etag)
            #expect(cached.header("Cache-Control") == "public, max-age=3600")
            #expect(cached.header("Content-Type") == nil)
            try client.write("GET /style.css HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"stale\"\r\n\r\n")
            #expect(try client.readResponse().status == 200, "the 304 left the connection usable")
        }
    }

    @Test func neverServesOutsideTheRoot() throws {
        let site = try Site()
        try withServer(responder: FileResponder(root: site.root, fallback: notFound)) { server in
            let attempts = [
                "/../canary.txt", "/js/../../canary.txt", "/%2e%2e/canary.txt", "/..%2fcanary.txt",
                "/link.txt", "/./style.css", "/js//app.js", "/js\\..\\..\\canary.txt",
                "/style.css%00.png", "/js", "/js/", "/", "/missing.css",
            ]
            for path in attempts {
                let response = try exchange(server, "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(response.status == 404 || response.status == 400, "\(path) gave \(response.status)")
                #expect(!response.text.contains(Site.canary), "\(path) leaked the canary")
            }
        }
    }

    @Test func otherMethodsFallBack() throws {
        let site = try Site()
        let fallback = Respond { .text("fallback \($0.method.rawValue)") }
        try withServer(responder: FileResponder(root: site.root, fallback: fallback)) { server in
            let response = try exchange(server, "DELETE /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(response.text == "fallback DELETE")
        }
    }
}
