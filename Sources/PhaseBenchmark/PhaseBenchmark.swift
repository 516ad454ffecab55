#if canImport(CMimalloc)
import CMimalloc
#endif
import DemoApp
import Foundation
import MicroHTTP
@_spi(Benchmark) @_spi(Fuzzing) import Navigation
@_spi(Benchmark) import NavigationHTML

/// The in-process micro-benchmark of one page request's phases (`scripts/bench` measures over
/// HTTP): the demo's Home tab at stack depths 1, 8 and 32, other tabs holding stacks, each request
/// carrying the cookie a browser holds one screen earlier.
///
/// Built as the demo's release is (`scripts/release-build`'s flags):
///
/// ```
/// scripts/release-build phase-benchmark
/// .build/release/phase-benchmark \
///     [runs]                 # each phase, at depths 1, 8 and 32
///     [runs] --respond-only  # for a profiler: no phases, only the mean (--depth 32: one depth only)
///     [runs] --path /recipes/category/desserts/recipe/apple-pie   # that page instead
///     [runs] --path P --before Q   # P arrived at from Q, as a link from Q is followed
///     ... --header 'Accept: application/json'   # a request header (repeatable)
/// ```
///
/// `--path` measures that page instead of Home's, with the cookie of the same walk, then of the
/// page itself (a reload), or of `--before`'s page when given.
///
/// Every figure is of the code as the server runs it: specialized for the demo app (a phase
/// timed in generic code, as this benchmark did until 2026-11-29, costs about twice as much),
/// and with the demo's allocator (mimalloc on Linux; until 2026-12-01 this benchmark had glibc's,
/// with which a page took about 4 % more instructions than in the server).
@main
struct PhaseBenchmark {
    static let orders = ["ORD-001", "ORD-002", "ORD-003"]

    /// Orders inside orders, an order on top at every depth, so that only the depth changes.
    static func home(depth: Int) -> String {
        "/home" + (0..<depth).map { "/order/\(orders[$0 % 3])" }.joined()
    }

    /// `runs` answers to `request`, off the main actor (a hop to it and back for each request
    /// would be most of what a profile of the loop shows), then their mean time on standard
    /// error, with what was answered: a loop over a redirect or an error shows as such.
    nonisolated static func respond(
        _ responder: NavigationResponder<DemoApp>, to request: Request, runs: Int
    ) async throws {
        let first = try await responder.respond(to: request)
        let start = ContinuousClock.now
        for _ in 1..<max(runs, 2) { _ = try await responder.respond(to: request) }
        let mean = (ContinuousClock.now - start) / max(runs - 1, 1)
        FileHandle.standardError.write(Data(
            "\(request.path): \(first.status.code), \(first.bodyBytes.count) bytes, \(first.cookies.isEmpty ? "no cookie set" : "cookie set"); mean \(Double(mean / .nanoseconds(10)) / 100) µs a request\n".utf8))
    }

    /// The command-line argument after the first `name`, if any.
    static func argument(after name: String) -> String? {
        CommandLine.arguments.firstIndex(of: name).flatMap { CommandLine.arguments.dropFirst($0 + 1).first }
    }

    /// A GET of `target` (a path, and a query after `?`) with the state cookie, and each
    /// `--header 'Name: value'` given, as a browser's request carries `Accept` and `Referer`.
    static func request(_ target: String, cookie: String) -> Request {
        let (path, query) = target.firstIndex(of: "?").map { (String(target[..<$0]), target[target.index(after: $0)...]) }
            ?? (target, "")
        var items: [(name: String, value: String)] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.removingPercentEncoding ?? String($0) }
            items.append((parts[0], parts.count > 1 ? parts[1] : ""))
        }
        var headers = HTTPHeaders()
        for (index, argument) in CommandLine.arguments.enumerated() where argument == "--header" {
            guard let field = CommandLine.arguments.dropFirst(index + 1).first, let colon = field.firstIndex(of: ":") else { continue }
            headers.add(String(field[..<colon]), field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Request(
            method: .get, path: path, query: Dictionary(items, uniquingKeysWith: { first, _ in first }),
            queryItems: items, headers: headers, cookies: ["nav": cookie])
    }

    static func main() async throws {
        let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000
        #if canImport(CMimalloc)
        // Named, so that the linker keeps the library that replaces `malloc`.
        _ = mi_version()
        #endif
        let respondOnly = CommandLine.arguments.contains("--respond-only")
        let depths = argument(after: "--depth").flatMap { Int($0) }.map { [$0] } ?? [1, 8, 32]
        let page = argument(after: "--path")
        let before = argument(after: "--before")
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("phases-\(getpid())")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let keys = KeyRing(secrets: [String(repeating: "benchmark secret ", count: 2)])!
        let responder = try NavigationResponder(
            app: DemoApp(store: try DemoStore(path: data.appendingPathComponent("demo.sqlite").path)),
            templates: try TemplateLibrary(directory: "Templates"),
            cookie: StateCookie<DemoNavigation>(keys: keys))

        var columns: [[PhaseTiming]] = []
        for depth in page == nil ? depths : [0] {
            var cookie: String?
            for path in [
                "/recipes/category/desserts/recipe/apple-pie/recipe/lemon-tart",
                "/orders/order/ORD-001/order/ORD-002/order/ORD-003",
                "/profile/settings",
                before ?? page ?? home(depth: depth - 1),
            ] {
                let response = try await responder.respond(to: Request(
                    method: .get, path: path, cookies: cookie.map { ["nav": $0] } ?? [:]))
                cookie = response.cookies.first { $0.name == "nav" }?.value ?? cookie
            }
            let request = Self.request(page ?? home(depth: depth), cookie: cookie!)
            if respondOnly {
                try await respond(responder, to: request, runs: runs)
            } else {
                columns.append(try await responder.timePhases(of: request, runs: runs))
            }
        }
        guard !respondOnly else { return }
        let titles = page.map { [$0] } ?? depths.map { "depth \($0)" }
        print("median of \(runs) runs, µs | " + titles.joined(separator: " | "))
        print("---|" + titles.map { _ in "---:" }.joined(separator: "|"))
        for (row, timing) in columns[0].enumerated() {
            let figures = columns.map { String(format: "%.1f", $0[row].microseconds) }
            print("\(timing.phase) | " + figures.joined(separator: " | "))
        }
    }
}
