#if PostgreSQL
import DemoApp
import Foundation
import HTTPTestSupport
import Testing

/// The PostgreSQL store when things go wrong: a database that is unreachable at start, stops
/// in the middle of a run and comes back, or answers one query too slowly; a malformed URL.
/// Each test that needs a server starts a cluster of its own (so stopping it disturbs no other
/// test) and removes it on every path.
@Suite(.serialized) struct PostgresFailureTests {
    @Test func aMalformedDatabaseURLIsAUsageError() throws {
        for (arguments, environment) in [
            (["--database", "http://demo@127.0.0.1/demo"], [String: String]()),
            (["--database", "postgresql://127.0.0.1:5432/demo"], [:]),
            (["--database", "postgresql://demo@127.0.0.1:99999/demo"], [:]),
            (["--database", "postgresql://demo@127.0.0.1:5432"], [:]),
            ([], ["DATABASE_URL": "not a url"]),
        ] {
            let (status, output) = try LaunchedDemo.run(arguments, environment: environment)
            #expect(status == 64, "\(arguments) \(environment)")
            #expect(output.contains("PostgreSQL URL"), "\(output)")
        }
    }

    @Test func anUnreachableDatabaseAtStartIsOneLineNamingItsURLAndExit1() throws {
        let port = try freePort()
        let start = ContinuousClock.now
        let (status, output) = try LaunchedDemo.run(["--database", "postgresql://demo:hunter2@127.0.0.1:\(port)/demo"])
        #expect(status == 1)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1, "\(output)")
        #expect(output.contains("postgresql://demo:***@127.0.0.1:\(port)/demo"), "\(output)")
        #expect(!output.contains("hunter2"))
        #expect(ContinuousClock.now - start < .seconds(15))
    }

    @Test(.enabled(if: PostgresCluster.isInstalled))
    func aDatabaseThatStopsAnswers503KeepsTheCookieAndRecoversWithoutARestart() async throws {
        let cluster = try await onThread { try PostgresCluster() }
        defer { cluster.destroy() }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try await withDemoServer(dataDirectory: data, database: cluster.url, keepsDatabaseConnectionsOpen: true) { port in
            let user = UserAgent(port: port)
            #expect(try user.get("/orders/order/ORD-002").status == 200)
            #expect(try user.get("/recipes/category/desserts").status == 200)
            #expect(try user.get("/healthz").status == 200)
            let cookie = user.cookie

            try cluster.stop()
            let health = try user.get("/healthz")
            #expect(health.status == 503 && health.response.header("Retry-After") != nil,
                    "the load balancer takes the instance out of rotation")
            for path in ["/orders/order/ORD-001", "/home", "/recipes/category/desserts"] {
                let page = try user.get(path)
                #expect(page.status == 503, "\(path)")
                #expect(page.response.header("Retry-After") != nil)
                #expect(page.response.header("Set-Cookie") == nil, "the cookie is left as it was")
                #expect(page.html.contains("temporarily unavailable") || page.html.contains("not answering"))
            }
            #expect(user.cookie == cookie)
            // Static files do not need the database.
            #expect(try user.get("/app.css").status == 200)

            try cluster.start()
            var status = 0
            let back = ContinuousClock.now + .seconds(15)
            while status != 200, ContinuousClock.now < back {
                status = try user.get("/home").status
                if status != 200 { Thread.sleep(forTimeInterval: 0.2) }
            }
            #expect(status == 200, "pages are served again once the database is back")
            #expect(try user.get("/healthz").status == 200, "and back into rotation, with no restart")
            let json = try user.get("/home", accept: "application/json").html
            #expect(json.contains(#""recipes":{"path":[{"category":{"categoryId":"desserts"}}]}"#), "\(json)")
        }
    }

    @Test(.enabled(if: PostgresCluster.isInstalled))
    func aQuerySlowerThanTheDeadlineAnswers503ForThatRequestOnly() async throws {
        let cluster = try await onThread { try PostgresCluster() }
        defer { cluster.destroy() }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try await withDemoServer(
            dataDirectory: data, database: cluster.url, requestDeadline: .seconds(1), keepsDatabaseConnectionsOpen: true
        ) { port in
            #expect(try UserAgent(port: port).get("/recipes/recipe/apple-pie").status == 200)
            // Recipes' related lists wait behind this lock; orders and users never touch it.
            let holder = try cluster.session(#"BEGIN; LOCK TABLE "recipeRelation" IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(30);"#)
            defer { holder.terminate(); holder.waitUntilExit() }
            Thread.sleep(forTimeInterval: 0.5)
            // A lock moves no snapshot: the page read before would be answered as it was kept.
            // A numbered transaction moves it, as a write would, so the page reads again.
            try cluster.psql("SELECT pg_current_xact_id()")

            let slow = TestClientThread { try UserAgent(port: port).get("/recipes/recipe/apple-pie") }
            var fast: [Duration] = []
            for _ in 0..<20 {
                let start = ContinuousClock.now
                #expect(try UserAgent(port: port).get("/orders/order/ORD-001").status == 200)
                fast.append(ContinuousClock.now - start)
            }
            let page = try slow.result()
            #expect(page.status == 503)
            #expect(page.response.header("Retry-After") != nil)
            #expect(slow.duration >= .milliseconds(900) && slow.duration < .seconds(4), "\(slow.duration)")
            #expect(fast.max()! < .milliseconds(500), "other requests are not held up: \(fast.max()!)")

            // The lock's session ends only when its backend does, not with psql.
            try cluster.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()")
            // The backend ends a moment after it is signalled, and a page has one second: on a
            // busy machine the first request after it may still meet the lock.
            var status = 0
            let back = ContinuousClock.now + .seconds(10)
            while status != 200, ContinuousClock.now < back {
                status = try UserAgent(port: port).get("/recipes/recipe/apple-pie").status
                if status != 200 { Thread.sleep(forTimeInterval: 0.2) }
            }
            #expect(status == 200, "the page is served again once the lock is gone")
        }
    }
}

/// Runs the demo executable with `arguments` until it exits; its status and standard error.
/// One blocking request on a thread of its own, timed, while the test does others.
final class TestClientThread: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<UserAgent.Page, any Error>?
    private(set) var duration: Duration = .zero

    init(_ request: @escaping @Sendable () throws -> UserAgent.Page) {
        Thread { [self] in
            let start = ContinuousClock.now
            outcome = Result { try request() }
            duration = ContinuousClock.now - start
            done.signal()
        }.start()
    }

    func result() throws -> UserAgent.Page {
        done.wait()
        return try outcome!.get()
    }
}
#endif
