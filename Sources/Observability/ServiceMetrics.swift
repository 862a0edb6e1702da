import CoreMetrics
public import LayoutStore
public import Prometheus
import Synchronization

/// The service's metrics, kept with swift-metrics over a Prometheus registry of its own (no global bootstrap,
/// so tests can make several):
/// - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route,status}`
///   (a histogram), `route` being the route template;
/// - `layout_prepare_duration_seconds` (a histogram of preparations);
/// - at each scrape, from the store: `layout_cache_entries`, `layout_cache_bytes`, `layout_specs` (gauges) and
///   `layout_cache_hits_total`, `layout_cache_misses_total`, `layout_cache_evictions_total`,
///   `layout_prepares_total`, `layout_store_errors_total` (counters).
public final class ServiceMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let prepareTimer: CoreMetrics.Timer
    private struct Key: Hashable {
        var method: String
        var route: String
        var status: Int
    }
    private struct RequestMetrics: @unchecked Sendable {
        let count: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
    }
    /// Metric objects per label set, made once (the factory's lookups take a lock and build label strings).
    private let requests = Mutex<[Key: RequestMetrics]>([:])
    private let gauges: [String: CoreMetrics.Gauge]
    private let counters: [String: CoreMetrics.Counter]
    /// The store's counters at the last scrape (counters move by the difference).
    private let lastStats = Mutex(LayoutStore.Stats())
    /// More exposition text, written by other layers at each scrape (see `include`).
    private let sources = Mutex<[@Sendable (inout [UInt8]) -> Void]>([])

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Requests take microseconds to milliseconds; preparations up to a few hundred milliseconds.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
            .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
        ]
        self.factory = factory
        prepareTimer = CoreMetrics.Timer(label: "layout_prepare_duration_seconds", dimensions: [], factory: factory)
        gauges = Dictionary(uniqueKeysWithValues: ["layout_cache_entries", "layout_cache_bytes", "layout_specs"].map {
            ($0, CoreMetrics.Gauge(label: $0, dimensions: [], factory: factory))
        })
        counters = Dictionary(uniqueKeysWithValues: [
            "layout_cache_hits_total", "layout_cache_misses_total", "layout_cache_evictions_total",
            "layout_prepares_total", "layout_store_errors_total",
        ].map { ($0, CoreMetrics.Counter(label: $0, dimensions: [], factory: factory)) })
    }

    /// Counts one answered request and its duration.
    public func record(method: String, route: String, status: Int, duration: Duration) {
        let key = Key(method: method, route: route, status: status)
        let metrics = requests.withLock { table in
            if let m = table[key] { return m }
            let dimensions = [("method", method), ("route", route), ("status", String(status))]
            let m = RequestMetrics(
                count: CoreMetrics.Counter(label: "http_requests_total", dimensions: dimensions, factory: factory),
                duration: CoreMetrics.Timer(label: "http_request_duration_seconds", dimensions: dimensions,
                                            factory: factory))
            table[key] = m
            return m
        }
        metrics.count.increment()
        metrics.duration.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// One preparation's duration (`LayoutStore`'s `onPrepare`).
    public func recordPrepare(_ duration: Duration) {
        prepareTimer.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// Adds metrics that another layer keeps itself (the server's slow-client counts, the access layer's counts
    /// by key): `source` appends their text exposition (format 0.0.4) at each scrape.
    public func include(_ source: @escaping @Sendable (inout [UInt8]) -> Void) {
        sources.withLock { $0.append(source) }
    }

    /// The text exposition (format 0.0.4) of every metric, after reading the store's figures.
    public func exposition(store: LayoutStore?) -> [UInt8] {
        if let store { update(from: store.stats) }
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        for source in sources.withLock({ $0 }) { source(&buffer) }
        return buffer
    }

    private func update(from stats: LayoutStore.Stats) {
        gauges["layout_cache_entries"]?.record(stats.entries)
        gauges["layout_cache_bytes"]?.record(stats.bytes)
        gauges["layout_specs"]?.record(stats.specs)
        lastStats.withLock { last in
            for (name, now, before) in [
                ("layout_cache_hits_total", stats.hits, last.hits),
                ("layout_cache_misses_total", stats.misses, last.misses),
                ("layout_cache_evictions_total", stats.evictions, last.evictions),
                ("layout_prepares_total", stats.prepares, last.prepares),
                ("layout_store_errors_total", stats.archiveErrors, last.archiveErrors),
            ] where now > before {
                counters[name]?.increment(by: now - before)
            }
            last = stats
        }
    }

    static func nanoseconds(_ d: Duration) -> Int64 {
        let (seconds, attoseconds) = d.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
