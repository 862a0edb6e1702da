public import HTTPCore
public import LayoutStore

/// Answers `GET /metrics` (Prometheus text format) and hands every other request to `inner`: placed behind the
/// access handler, so that the metrics need the `admin` scope, or alone on a listener of their own
/// (`--metrics-port`, with `NoEndpoint` inside).
public struct MetricsEndpoint<Inner: HTTPHandler>: HTTPHandler {
    public let inner: Inner
    public let metrics: ServiceMetrics
    public let store: LayoutStore?

    public init(_ inner: Inner, metrics: ServiceMetrics, store: LayoutStore?) {
        self.inner = inner
        self.metrics = metrics
        self.store = store
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        request.path == "/metrics" ? Self.answer(request, metrics: metrics, store: store) : inner.handle(request)
    }

    static func answer(_ request: HTTPRequest, metrics: ServiceMetrics, store: LayoutStore?) -> HTTPResponse {
        request.method == "GET" || request.method == "HEAD"
            ? HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                           body: metrics.exposition(store: store))
            : HTTPResponse(status: 405, headers: [("Allow", "GET, HEAD")])
    }
}

/// A 404 for every request (what the metrics listener answers beside `/metrics`).
public struct NoEndpoint: HTTPHandler {
    public init() {}

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        Problem(status: 404, detail: "no endpoint at \(request.path)").response
    }
}
