import CoreMetrics
public import Prometheus
import Synchronization

/// The service's metrics, kept with swift-metrics over a Prometheus registry of its own (no global bootstrap,
/// so tests can make several):
/// - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route,status}`
///   (a histogram), `route` being the route template;
/// - `layout_prepare_duration_seconds` (a histogram of preparations);
/// - at each scrape, the figures of the `MetricsSource`s (the store's `layout_cache_entries`, `layout_cache_bytes`,
///   `layout_specs` gauges and `layout_cache_hits_total`, ... counters; see the command).
public final class ServiceMetrics: Sendable {
    public let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let prepareTimer: CoreMetrics.Timer
    private struct RequestMetrics: @unchecked Sendable {
        let route: UnsafeRawPointer?  // the template's address: templates are static strings
        let method: UInt64  // see `methodCode`
        let methodText: String
        let status: Int
        let count: CoreMetrics.Counter
        let duration: CoreMetrics.Timer
    }
    /// Metric objects per label set, made once (the factory's lookups take a lock and build label strings), found
    /// again by comparing three machine words, without hashing strings: a direct-mapped table of `slots` lists.
    private static let slots = 64
    private let requests = Mutex<[[RequestMetrics]]>(Array(repeating: [], count: ServiceMetrics.slots))
    private struct Source: @unchecked Sendable {
        let gauges: [String: CoreMetrics.Gauge]
        let counters: [String: CoreMetrics.Counter]
    }
    /// Metric objects of the sources' figures (made at the first scrape that sees a name), and the counters'
    /// values at the last scrape (counters move by the difference).
    private struct Figures: @unchecked Sendable {
        var gauges: [String: CoreMetrics.Gauge] = [:]
        var counters: [String: CoreMetrics.Counter] = [:]
        var last: [String: Int] = [:]
    }
    private let figures = Mutex(Figures())
    /// More exposition text, written by other layers at each scrape (see `include`).
    private let texts = Mutex<[@Sendable (inout [UInt8]) -> Void]>([])

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
    }

    /// Counts one answered request and its duration. `route` is the route template (nil: no endpoint matched).
    /// A method HTTP does not define is counted as `other`: clients choose the method, and each label set is kept
    /// for ever.
    public func record(method requestMethod: String, route: StaticString?, status: Int, duration: Duration) {
        let address = route.map { UnsafeRawPointer($0.utf8Start) }
        var code = Self.methodCode(requestMethod)
        var method = requestMethod
        if !Self.knownMethodCodes.contains(code) {
            method = "other"
            code = Self.methodCode(method)
        }
        let slot = (Int(bitPattern: address.map { UInt(bitPattern: $0) } ?? 0) >> 3 &+ status &* 7 &+ Int(code))
            & (Self.slots - 1)
        let metrics = requests.withLock { table in
            // By index: a `for in` copies each entry it looks at (retaining its text and metric objects).
            for i in table[slot].indices where table[slot][i].route == address && table[slot][i].method == code
                && table[slot][i].status == status && (code >> 56 < 8 || table[slot][i].methodText == method)
            {
                return (count: table[slot][i].count, duration: table[slot][i].duration)
            }
            let dimensions = [("method", method), ("route", route.map { "\($0)" } ?? "unmatched"),
                              ("status", String(status))]
            let m = RequestMetrics(
                route: address, method: code, methodText: method, status: status,
                count: CoreMetrics.Counter(label: "http_requests_total", dimensions: dimensions, factory: factory),
                duration: CoreMetrics.Timer(label: "http_request_duration_seconds", dimensions: dimensions,
                                            factory: factory))
            table[slot].append(m)
            return (count: m.count, duration: m.duration)
        }
        metrics.count.increment()
        metrics.duration.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// A method's first seven bytes, and its length in the top byte: equal for equal methods, and distinct for
    /// distinct methods of up to seven bytes (every method HTTP defines); longer ones are compared as text too.
    /// The codes of the methods HTTP defines (RFC 9110, and PATCH).
    static let knownMethodCodes: [UInt64] = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE",
                                             "PATCH"].map(methodCode)

    static func methodCode(_ method: String) -> UInt64 {
        var code: UInt64 = 0
        var n: UInt64 = 0
        for b in method.utf8 {
            if n < 7 { code |= UInt64(b) << (8 * n) }
            n += 1
        }
        return code | min(n, 255) << 56
    }

    /// One preparation's duration (`LayoutStore`'s `onPrepare`).
    public func recordPrepare(_ duration: Duration) {
        prepareTimer.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// Adds metrics that another layer keeps itself, with labels (the server's slow-client counts, the access
    /// layer's counts by key): `source` appends their text exposition (format 0.0.4) at each scrape.
    public func include(_ source: @escaping @Sendable (inout [UInt8]) -> Void) {
        texts.withLock { $0.append(source) }
    }

    /// The text exposition (format 0.0.4) of every metric, after reading the sources' figures.
    public func exposition(sources: [any MetricsSource] = []) -> [UInt8] {
        update(from: sources.flatMap { $0.metricFigures() })
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        for text in texts.withLock({ $0 }) { text(&buffer) }
        return buffer
    }

    private func update(from list: [MetricFigure]) {
        figures.withLock { f in
            for figure in list {
                switch figure.kind {
                case .gauge:
                    let gauge = f.gauges[figure.name] ?? CoreMetrics.Gauge(label: figure.name, dimensions: [],
                                                                           factory: factory)
                    f.gauges[figure.name] = gauge
                    gauge.record(figure.value)
                case .counter:
                    let counter = f.counters[figure.name] ?? CoreMetrics.Counter(label: figure.name, dimensions: [],
                                                                                 factory: factory)
                    f.counters[figure.name] = counter
                    let before = f.last[figure.name] ?? 0
                    if figure.value > before { counter.increment(by: figure.value - before) }
                    f.last[figure.name] = figure.value
                }
            }
        }
    }

    static func nanoseconds(_ d: Duration) -> Int64 {
        let (seconds, attoseconds) = d.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
