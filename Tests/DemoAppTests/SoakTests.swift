import Foundation
import HTTPTestSupport
import Testing

/// Load and soak: `wrk` with 64 connections on an 8-deep Recipes page, carrying a 3 KB state
/// cookie, against the executable: no socket errors, every answer a 200, and the resident memory
/// grows by less than 10 MB between the end of the first tenth of the run (minute 1 of 10) and
/// the end.
@Suite struct SoakTests {
    static let page = "/recipes/category/desserts" + String(repeating: "/recipe/apple-pie/recipe/lemon-tart", count: 4)
        .dropLast("/recipe/lemon-tart".count)

    /// A state cookie of about 3 KB: deep stacks in the other tabs, collected as a browser would.
    static func threeKilobyteCookie(port: Int) throws -> String {
        let user = UserAgent(port: port)
        try user.get("/home/orders" + String(repeating: "/order/ORD-002", count: 62))
        try user.get("/orders" + String(repeating: "/order/ORD-001", count: 50))
        try user.get(page)
        return try #require(user.cookie)
    }

    @Test func wrkSoakServesEveryRequestWithoutMemoryGrowth() throws {
        let wrk = try #require(["/usr/bin/wrk", "/usr/local/bin/wrk"].first { FileManager.default.isExecutableFile(atPath: $0) },
                               "wrk is installed by scripts/setup")
        let seconds = Scale.pick(short: 10, long: 600)
        // The suite's own debug build unless DEMO_EXECUTABLE names another (scripts/hardening
        // soaks the release build); debug is slow, hence wrk's 30-second timeout.
        let server = try LaunchedDemo(executable: ProcessInfo.processInfo.environment["DEMO_EXECUTABLE"].map(URL.init(fileURLWithPath:)))
        defer { server.stop() }
        let cookie = try Self.threeKilobyteCookie(port: server.port)
        #expect((2_800...4_096).contains(cookie.utf8.count), "\(cookie.utf8.count) bytes")
        let script = server.data.appendingPathComponent("soak.lua")
        try """
        wrk.headers["Cookie"] = "\(cookie)"
        local threads = {}
        function setup(thread) table.insert(threads, thread) end
        function init(args) other = 0 end
        function response(status, headers, body) if status ~= 200 then other = other + 1 end end
        function done(summary, latency, requests)
          local total = 0
          for _, thread in ipairs(threads) do total = total + thread:get("other") end
          io.write(string.format("soak-other %d\\nsoak-errors %d\\nsoak-requests %d\\nsoak-p99 %.1f\\n",
            total, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
            summary.requests, latency:percentile(99) / 1000))
        end
        """.write(to: script, atomically: true, encoding: .utf8)

        func run(_ duration: Int) throws -> [String: Double] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: wrk)
            process.arguments = ["-t2", "-c64", "-d\(duration)s", "--timeout", "30s", "-s", script.path, "http://127.0.0.1:\(server.port)\(Self.page)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return Dictionary(text.split(separator: "\n").compactMap { line -> (String, Double)? in
                let parts = line.split(separator: " ")
                guard parts.count == 2, parts[0].hasPrefix("soak-"), let value = Double(parts[1]) else { return nil }
                return (String(parts[0].dropFirst(5)), value)
            }, uniquingKeysWith: { $1 })
        }

        let first = try run(seconds / 10)
        let early = try #require(server.residentKilobytes)
        let rest = try run(seconds - seconds / 10)
        let late = try #require(server.residentKilobytes)
        let requests = (first["requests"] ?? 0) + (rest["requests"] ?? 0)
        let errors = (first["errors"] ?? -1) + (rest["errors"] ?? -1)
        let other = (first["other"] ?? -1) + (rest["other"] ?? -1)
        let growth = Double(late - early) / 1024
        #expect(requests > 0)
        #expect(errors == 0)
        #expect(other == 0)
        #expect(growth < 10)
        Figure.report(
            "soak (wrk, 64 connections, \(seconds) s, 8-deep page, \(cookie.utf8.count) B cookie)",
            String(format: "%.0f requests (%.0f/s), %.0f errors, %.0f non-200, p99 %.1f ms; RSS %.1f MB at %d s, %.1f MB at the end (%+.1f MB)",
                   requests, requests / Double(seconds), errors, other, rest["p99"] ?? 0,
                   Double(early) / 1024, seconds / 10, Double(late) / 1024, growth))
    }
}
