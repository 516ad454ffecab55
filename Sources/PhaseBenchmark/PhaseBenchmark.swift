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
///     [runs] --respond-only  # for a profiler: no phases, no timing (--depth 32: one depth only)
///     [runs] --path /recipes/category/desserts/recipe/apple-pie   # that page instead
/// ```
///
/// `--path` measures that page instead of Home's, with the cookie of the same walk, then of the
/// page itself (a reload).
@main
struct PhaseBenchmark {
    static let orders = ["ORD-001", "ORD-002", "ORD-003"]

    /// Orders inside orders, an order on top at every depth, so that only the depth changes.
    static func home(depth: Int) -> String {
        "/home" + (0..<depth).map { "/order/\(orders[$0 % 3])" }.joined()
    }

    static func main() async throws {
        let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2_000
        let respondOnly = CommandLine.arguments.contains("--respond-only")
        let depths = CommandLine.arguments.firstIndex(of: "--depth")
            .flatMap { CommandLine.arguments.dropFirst($0 + 1).first }.flatMap { Int($0) }.map { [$0] } ?? [1, 8, 32]
        let page = CommandLine.arguments.firstIndex(of: "--path").flatMap { CommandLine.arguments.dropFirst($0 + 1).first }
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
                page ?? home(depth: depth - 1),
            ] {
                let response = try await responder.respond(to: Request(
                    method: .get, path: path, cookies: cookie.map { ["nav": $0] } ?? [:]))
                cookie = response.cookies.first { $0.name == "nav" }?.value ?? cookie
            }
            let request = Request(method: .get, path: page ?? home(depth: depth), cookies: ["nav": cookie!])
            if respondOnly {
                for _ in 0..<runs { _ = try await responder.respond(to: request) }
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
