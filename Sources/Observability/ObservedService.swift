public import HTTPCore
import LayoutService
public import LayoutStore
public import Logging

/// Wraps the service's handler with what operations need: a request id (the client's `X-Request-Id`, or a new
/// one; echoed back), one log line per request (method, route template, status, duration, bytes, id), request
/// counts and latency histograms, and `GET /metrics` (Prometheus text format; with `servesMetrics` false, the
/// inner handler answers it, e.g. a `MetricsEndpoint` behind the access handler). Lines carry the API key's id
/// (`key`) when the answer names one, and every `DELETE` also writes a `notice` line: key, layout id, request id.
public struct ObservedService<Inner: HTTPHandler>: HTTPHandler {
    public let inner: Inner
    public let metrics: ServiceMetrics
    public let store: LayoutStore?
    public let logger: Logger
    public let servesMetrics: Bool

    public init(_ inner: Inner, metrics: ServiceMetrics, store: LayoutStore?, logger: Logger,
                servesMetrics: Bool = true) {
        self.inner = inner
        self.metrics = metrics
        self.store = store
        self.logger = logger
        self.servesMetrics = servesMetrics
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let clock = ContinuousClock()
        let started = clock.now
        let id = RequestID.of(request.header("X-Request-Id"))
        if logger.logLevel <= .debug {
            // Where a request that never ends shows up: its line at the end would not come.
            let query = request.query.map { $0.name + "=" + $0.value }.joined(separator: "&")
            logger.debug("start", metadata: ["id": .string(id), "method": .string(request.method),
                                             "target": .string(request.path + (query.isEmpty ? "" : "?" + query))])
        }
        let route: String
        var response: HTTPResponse
        if request.path == "/metrics" {
            route = "/metrics"
            response = servesMetrics
                ? MetricsEndpoint<Inner>.answer(request, metrics: metrics, store: store) : inner.handle(request)
        } else {
            route = LayoutService.routeTemplate(path: request.path) ?? "unmatched"
            response = inner.handle(request)
        }
        response.headers.append(("X-Request-Id", id))
        let duration = clock.now - started
        metrics.record(method: request.method, route: route, status: response.status, duration: duration)
        if logger.logLevel <= .info {
            var metadata: Logger.Metadata = [
                "id": .string(id), "method": .string(request.method), "route": .string(route),
                "status": .string(String(response.status)), "bytes": .string(String(response.body.count)),
                "ms": .string(Self.milliseconds(duration)),
            ]
            if let key = response.keyID { metadata["key"] = .string(key) }
            logger.info("request", metadata: metadata)
        }
        if request.method == "DELETE", route == "/v1/layouts/{id}" {
            logger.notice("delete", metadata: [
                "key": .string(response.keyID ?? "-"), "layout": .string(String(request.path.split(separator: "/").last ?? "")),
                "id": .string(id), "status": .string(String(response.status)),
            ])
        }
        return response
    }

    /// Milliseconds with three decimals.
    static func milliseconds(_ d: Duration) -> String {
        let micros = ServiceMetrics.nanoseconds(d) / 1000
        let fraction = String(micros % 1000)
        return String(micros / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
