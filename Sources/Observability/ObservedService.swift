public import HTTPCore
public import Logging

/// Wraps the service's handler with what operations need: a request id (the client's `X-Request-Id`, or a new
/// one; echoed back), one log line per request (method, route template, status, duration, bytes, id), request
/// counts and latency histograms, and `GET /metrics` (Prometheus text format, with the figures of `sources`; with
/// `servesMetrics` false, the inner handler answers it, e.g. a `MetricsEndpoint` behind the access handler). Lines
/// carry the API key's id (`key`) when the answer names one, and every `DELETE` also writes a `notice` line: key,
/// layout id, request id.
///
/// The route template comes with the inner handler's response (`HTTPResponse.route`): this layer knows no routes.
public struct ObservedService<Inner: HTTPHandler>: HTTPHandler {
    public let inner: Inner
    public let metrics: ServiceMetrics
    public let sources: [any MetricsSource]
    public let logger: Logger
    /// Where request lines are written directly, in `LineLogHandler`'s format (the logger's handler must write to
    /// the same output), without building swift-log metadata per request; nil: through `logger`.
    public let requestLines: LogOutput?
    public let servesMetrics: Bool

    public init(_ inner: Inner, metrics: ServiceMetrics, sources: [any MetricsSource] = [], logger: Logger,
                requestLines: LogOutput? = nil, servesMetrics: Bool = true) {
        self.inner = inner
        self.metrics = metrics
        self.sources = sources
        self.logger = logger
        self.requestLines = requestLines
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
        var response: HTTPResponse
        if servesMetrics && request.path == "/metrics" {
            response = MetricsEndpoint<Inner>.answer(request, metrics: metrics, sources: sources)
        } else {
            response = inner.handle(request)
        }
        response.headers.append(("X-Request-Id", id))
        let duration = clock.now - started
        metrics.record(method: request.method, route: response.route, status: response.status, duration: duration)
        if logger.logLevel <= .info {
            if let requestLines {
                requestLines.write { line in
                    Self.requestLine(into: &line, id: id, method: request.method, route: response.route,
                                     status: response.status, bytes: response.body.count, duration: duration,
                                     key: response.keyID)
                }
            } else {
                var metadata: Logger.Metadata = [
                    "id": .string(id), "method": .string(request.method),
                    "route": .string(response.route.map { "\($0)" } ?? "unmatched"),
                    "status": .string(String(response.status)), "bytes": .string(String(response.body.count)),
                    "ms": .string(Self.milliseconds(duration)),
                ]
                if let key = response.keyID { metadata["key"] = .string(key) }
                logger.info("request", metadata: metadata)
            }
        }
        if request.method == "DELETE", let route = response.route, route.description == "/v1/layouts/{id}" {
            logger.notice("delete", metadata: [
                "key": .string(response.keyID ?? "-"),
                "layout": .string(String(request.path.split(separator: "/").last ?? "")),
                "id": .string(id), "status": .string(String(response.status)),
            ])
        }
        return response
    }

    /// `ts=... level=info msg=request bytes=... id=... [key=...] method=... ms=... route=... status=...`, the line
    /// `LineLogHandler` writes for the metadata the logger path gives, written as bytes.
    static func requestLine(into line: inout [UInt8], id: String, method: String, route: StaticString?, status: Int,
                            bytes: Int, duration: Duration, key: String? = nil) {
        append("ts=", to: &line)
        LineLogHandler.appendTimestamp(to: &line)
        append(" level=info msg=request bytes=", to: &line)
        appendDecimal(bytes, to: &line)
        append(" id=", to: &line)
        LineLogHandler.appendValue(id, to: &line)
        if let key {
            append(" key=", to: &line)
            LineLogHandler.appendValue(key, to: &line)
        }
        append(" method=", to: &line)
        LineLogHandler.appendValue(method, to: &line)
        append(" ms=", to: &line)
        let micros = Int(ServiceMetrics.nanoseconds(duration) / 1000)
        appendDecimal(micros / 1000, to: &line)
        let fraction = micros % 1000
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { f in
            f[0] = UInt8(ascii: ".")
            f[1] = UInt8(ascii: "0") + UInt8(fraction / 100)
            f[2] = UInt8(ascii: "0") + UInt8(fraction / 10 % 10)
            f[3] = UInt8(ascii: "0") + UInt8(fraction % 10)
            line.append(contentsOf: UnsafeBufferPointer(f))
        }
        append(" route=", to: &line)
        append(route ?? "unmatched", to: &line)
        append(" status=", to: &line)
        appendDecimal(status, to: &line)
        line.append(UInt8(ascii: "\n"))
    }

    /// A literal's bytes, copied at once (appending a string's `utf8` goes byte by byte).
    @inline(__always)
    static func append(_ literal: StaticString, to line: inout [UInt8]) {
        line.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// The decimal digits of a number 0 or more.
    static func appendDecimal(_ value: Int, to line: inout [UInt8]) {
        var v = max(0, value)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { d in  // room for any Int
            var n = 20
            repeat {
                n -= 1
                d[n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            } while v > 0
            line.append(contentsOf: UnsafeBufferPointer(rebasing: d[n...]))
        }
    }

    /// Milliseconds with three decimals.
    static func milliseconds(_ d: Duration) -> String {
        let micros = ServiceMetrics.nanoseconds(d) / 1000
        let fraction = String(micros % 1000)
        return String(micros / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
