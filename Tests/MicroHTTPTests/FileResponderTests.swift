import HTTPTestSupport
import Foundation
@testable import MicroHTTP
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
        try files.createSymbolicLink(atPath: root.appendingPathComponent("up").path, withDestinationPath: "..")
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

    @Test func aKeptFilesFieldsChangedOnTheWayOutAreSentAsChanged() throws {
        let site = try Site()
        let files = FileResponder(root: site.root, fallback: notFound)
        // What a wrapper does to a file's answer: its fields are kept checked for the wire, and
        // a change must reach the wire all the same.
        let changing = Respond { request in
            guard var response = try files.reply(to: Request(method: .get, path: "/style.css")).readyResponse else {
                return .text("a file's answer is ready at once", status: .internalServerError)
            }
            switch request.path {
            case "/replaced": response.headers.replace("Cache-Control", "no-store")
            case "/added": response.headers.add("X-Extra", "yes")
            case "/removed": response.headers.remove("X-Content-Type-Options")
            default: break
            }
            return response
        }
        try withServer(responder: changing) { server in
            for _ in 0..<2 {   // the file read, then kept
                let plain = try exchange(server, "GET /plain HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(plain.header("Cache-Control") == "public, max-age=3600")
                #expect(plain.header("X-Content-Type-Options") == "nosniff" && plain.header("X-Extra") == nil)
                let replaced = try exchange(server, "GET /replaced HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(replaced.header("Cache-Control") == "no-store")
                #expect(replaced.header("ETag") == plain.header("ETag"))
                #expect(try exchange(server, "GET /added HTTP/1.1\r\nHost: x\r\n\r\n").header("X-Extra") == "yes")
                let removed = try exchange(server, "GET /removed HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(removed.header("X-Content-Type-Options") == nil)
                #expect(removed.header("Content-Type") == "text/css; charset=utf-8")
            }
        }
    }

    @Test func aFileTooLargeToKeepIsSentFromDiskWithAKeptFilesFields() throws {
        let site = try Site()
        let bytes = (0..<300 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: site.root).appendingPathComponent("large.css"))
        let version = try #require(FileResponder.versionedURL(of: "large.css", in: site.root).split(separator: "=").last)
        try withServer(responder: FileResponder(root: site.root, fallback: notFound)) { server in
            for _ in 0..<2 {   // read from disk each time
                let plain = try exchange(server, "GET /large.css HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(plain.status == 200 && plain.body == bytes)
                #expect(plain.header("Content-Type") == "text/css; charset=utf-8")
                #expect(plain.header("Cache-Control") == "public, max-age=3600")
                #expect(plain.header("X-Content-Type-Options") == "nosniff" && plain.header("Last-Modified") != nil)
                let versioned = try exchange(server, "GET /large.css?v=\(version) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(versioned.header("Cache-Control") == "public, max-age=31536000, immutable")
                let etag = try #require(plain.header("ETag"))
                let cached = try exchange(server, "GET /large.css HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(etag)\r\n\r\n")
                #expect(cached.status == 304 && cached.header("ETag") == etag && cached.header("Content-Type") == nil)
            }
        }
    }

    @Test func fieldsKeptForTheWireAreCheckedAsFieldsSentAtOnce() {
        var fields = HTTPHeaders([("A", "1"), ("Bad\r\nName", "x"), ("B", "line\r\nbreak"), ("C", "caf\u{E9}")])
        var now = HeaderLines(capacity: 64)
        now.append(fields)
        fields.keepCheckedLines()
        #expect(fields.checkedLines == now.bytes)
        #expect(now.text == "A\01\0C\0caf\u{E9}\0", "the unsafe fields dropped either way")
        fields.replace("A", "2")
        #expect(fields.checkedLines == nil, "a change lets the fields be checked again")
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
            // Typed apart: the array literal `.map`ped and concatenated in one expression took the
            // type checker 3 s.
            let spelled: [String] = [
                "/../canary.txt", "/js/../../canary.txt", "/%2e%2e/canary.txt", "/%2E%2E/canary.txt",
                "/..%2fcanary.txt", "/%2e%2e%2fcanary.txt", "/%252e%252e/canary.txt", "/..%252fcanary.txt",
                "/%c0%ae%c0%ae/canary.txt", "/%c0%2e%c0%2e/canary.txt", "/..%c0%afcanary.txt",
                "/%e0%80%ae%e0%80%ae/canary.txt", "/..%5ccanary.txt", "/js\\..\\..\\canary.txt",
                "/link.txt", "/up/canary.txt", "/up/public/../canary.txt", "//canary.txt", "/./style.css",
                "/js//app.js", "/style.css%00.png", "/canary.txt%00", "/js", "/js/", "/", "/missing.css",
            ]
            let overlong: [UInt8] = Array("/".utf8) + [0xC0, 0xAE, 0xC0, 0xAE] + Array("/canary.txt".utf8)  // "..", raw
            let backslash: [UInt8] = Array("/..".utf8) + [0x5C] + Array("canary.txt".utf8)
            let attempts: [[UInt8]] = spelled.map { Array($0.utf8) } + [overlong, backslash]
            var leaks = 0
            for path in attempts {
                let client = try TestClient(port: server.port)
                try client.write(bytes: Array("GET ".utf8) + path + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                let response = try client.readResponse()
                let shown = String(decoding: path, as: UTF8.self)
                #expect(response.status == 404 || response.status == 400, "\(shown) gave \(response.status)")
                if response.text.contains(Site.canary) { leaks += 1 }
            }
            #expect(leaks == 0)
            Figure.report("path traversal (\(attempts.count) paths, symlinks out of the root)", "canary served \(leaks) times")
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

    @Test func aFileAddedAtTheTopIsServedOnceTheListingIsRechecked() throws {
        let site = try Site()
        let responder = FileResponder(root: site.root, fallback: notFound, recheckInterval: .milliseconds(200))
        try withServer(responder: responder) { server in
            #expect(try exchange(server, "GET /late.css HTTP/1.1\r\nHost: x\r\n\r\n").text == "fallback")
            try "p {}".write(toFile: site.root + "/late.css", atomically: true, encoding: .utf8)
            // Inside an existing folder a new file is found at once: only the top is listed.
            try "let y = 2".write(toFile: site.root + "/js/late.js", atomically: true, encoding: .utf8)
            #expect(try exchange(server, "GET /js/late.js HTTP/1.1\r\nHost: x\r\n\r\n").text == "let y = 2")
            Thread.sleep(forTimeInterval: 0.3)
            #expect(try exchange(server, "GET /late.css HTTP/1.1\r\nHost: x\r\n\r\n").text == "p {}")
            try FileManager.default.removeItem(atPath: site.root + "/style.css")
            #expect(try exchange(server, "GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n").text == "fallback")
        }
    }

    /// Small files are answered from memory; once the interval has passed, a changed, removed
    /// or replaced file is noticed by its `stat`, and a link out of the root is refused again.
    @Test func aKeptFileIsCheckedAgainOnceTheIntervalHasPassed() throws {
        let site = try Site()
        let responder = FileResponder(root: site.root, fallback: notFound, recheckInterval: .milliseconds(200))
        try withServer(responder: responder) { server in
            func get(_ path: String) throws -> TestResponse {
                try exchange(server, "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            let first = try get("/style.css")
            #expect(first.text == "body { color: red }")
            #expect(try get("/js/app.js").text == "let x = 1")
            try "body { color: blue; }".write(toFile: site.root + "/style.css", atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(atPath: site.root + "/js/app.js")
            Thread.sleep(forTimeInterval: 0.3)
            let changed = try get("/style.css")
            #expect(changed.text == "body { color: blue; }")
            #expect(changed.header("ETag") != first.header("ETag"))
            #expect(try get("/js/app.js").text == "fallback")

            // A kept file swapped for a link that leaves the root: refused once noticed.
            #expect(try get("/blob.bin").body == [1, 2, 3])
            try FileManager.default.removeItem(atPath: site.root + "/blob.bin")
            try FileManager.default.createSymbolicLink(atPath: site.root + "/blob.bin", withDestinationPath: "../canary.txt")
            Thread.sleep(forTimeInterval: 0.3)
            let swapped = try get("/blob.bin")
            #expect(swapped.text == "fallback")
            #expect(!swapped.text.contains(Site.canary))
        }
    }

    @Test func theListingHoldsTheTopLevelNamesOnly() throws {
        let site = try Site()
        let entries = RootEntries(path: site.root, recheckInterval: .seconds(60))
        for path in ["/style.css", "/js", "/js/app.js", "/blob.bin", "/link.txt", "/up/x"] {
            #expect(entries.mayContain(firstSegmentOf: path), "\(path)")
        }
        // "/style.csx" has the length and first 8 bytes of a name: only the name itself tells.
        for path in ["/home", "/app.js", "/", "/.", "/..", "/style.csx", "/blob.bix", "/jsx/app.js", "style.css", ""] {
            #expect(!entries.mayContain(firstSegmentOf: path), "\(path)")
        }
    }

    @Test func aRootThatAppearsLaterIsListedThen() throws {
        let site = try Site()
        let missing = site.directory.appendingPathComponent("later").path
        let entries = RootEntries(path: missing, recheckInterval: .milliseconds(50))
        #expect(!entries.mayContain(firstSegmentOf: "/a.css"))
        try FileManager.default.createDirectory(atPath: missing, withIntermediateDirectories: false)
        try "x".write(toFile: missing + "/a.css", atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(entries.mayContain(firstSegmentOf: "/a.css"))
    }
}
