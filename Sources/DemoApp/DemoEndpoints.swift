import MicroHTTP
import Prometheus

/// The demo's own endpoints beside its pages: the load balancer's health check, a JSON API over
/// the orders, and with `--metrics` the request metrics for Prometheus.
enum DemoEndpoints {
    static func router(
        store: any DemoStorage, metrics: PrometheusCollectorRegistry?, fallback: any HTTPResponder
    ) -> Router {
        var router = Router(fallback: fallback)
        // 200 while the store answers a query, 503 with Retry-After while it does not: an
        // instance whose database is out of reach is taken out of rotation, and back once it
        // answers again, with no restart.
        router.on(.get, "/healthz") { _, _ in
            do {
                _ = try await store.reading { try await store.categories() }
                return healthy
            } catch let error as HTTPError where error.status == .serviceUnavailable {
                return unhealthy(error.headers["Retry-After"] ?? "2")
            } catch {
                return unhealthy("2")
            }
        }
        addOrderRoutes(to: &router, store: store)
        if let metrics {
            router.on(.get, "/metrics") { _, _ in
                Response(headers: HTTPHeaders([("Content-Type", "text/plain; version=0.0.4; charset=utf-8"),
                                               ("Cache-Control", "no-store")]),
                         body: .bytes(metrics.emitToBuffer()))
            }
        }
        return router
    }

    private static let healthy: Response = {
        var response = Response.text("ok")
        response.headers.replace("Cache-Control", "no-store")
        return response
    }()

    private static func unhealthy(_ retryAfter: String) -> Response {
        var response = Response.text("The database does not answer.", status: .serviceUnavailable)
        response.headers.replace("Retry-After", retryAfter)
        response.headers.replace("Cache-Control", "no-store")
        return response
    }
}
