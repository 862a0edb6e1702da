public import HTTPCore

/// Answers `GET /metrics` (Prometheus text format) and hands every other request to `inner`: placed behind the
/// access handler, so that the metrics need the `admin` scope, or alone on a listener of their own
/// (`--metrics-port`, with `NoEndpoint` inside).
public struct MetricsEndpoint<Inner: HTTPHandler>: HTTPHandler {
    public let inner: Inner
    public let metrics: ServiceMetrics
    /// The figures read at each scrape (the store's, the tile cache's).
    public let sources: [any MetricsSource]

    public init(_ inner: Inner, metrics: ServiceMetrics, sources: [any MetricsSource] = []) {
        self.inner = inner
        self.metrics = metrics
        self.sources = sources
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        request.path == "/metrics" ? Self.answer(request, metrics: metrics, sources: sources) : inner.handle(request)
    }

    static func answer(_ request: HTTPRequest, metrics: ServiceMetrics, sources: [any MetricsSource]) -> HTTPResponse {
        var response = request.method == "GET" || request.method == "HEAD"
            ? HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                           body: metrics.exposition(sources: sources))
            : HTTPResponse(status: 405, headers: [("Allow", "GET, HEAD")])
        response.route = "/metrics"
        return response
    }
}

/// A 404 for every request (what the metrics listener answers beside `/metrics`).
public struct NoEndpoint: HTTPHandler {
    public init() {}

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        Problem(status: 404, detail: "no endpoint at \(request.path)").response
    }
}
