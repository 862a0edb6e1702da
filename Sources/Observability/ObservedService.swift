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
        line += "ts=".utf8
        LineLogHandler.appendTimestamp(to: &line)
        line += " level=info msg=request bytes=".utf8
        appendDecimal(bytes, to: &line)
        line += " id=".utf8
        LineLogHandler.appendValue(id, to: &line)
        if let key {
            line += " key=".utf8
            LineLogHandler.appendValue(key, to: &line)
        }
        line += " method=".utf8
        LineLogHandler.appendValue(method, to: &line)
        line += " ms=".utf8
        let micros = Int(ServiceMetrics.nanoseconds(duration) / 1000)
        appendDecimal(micros / 1000, to: &line)
        line.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        line.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        line.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        line.append(UInt8(ascii: "0") + UInt8(fraction % 10))
        line += " route=".utf8
        if let route {
            line.append(contentsOf: UnsafeBufferPointer(start: route.utf8Start, count: route.utf8CodeUnitCount))
        } else {
            line += "unmatched".utf8
        }
        line += " status=".utf8
        appendDecimal(status, to: &line)
        line.append(UInt8(ascii: "\n"))
    }

    /// The decimal digits of a number 0 or more.
    static func appendDecimal(_ value: Int, to line: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for any Int
        var v = max(0, value)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[23 - n] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                n += 1
            } while v > 0
            line.append(contentsOf: d[(24 - n)...])
        }
    }

    /// Milliseconds with three decimals.
    static func milliseconds(_ d: Duration) -> String {
        let micros = ServiceMetrics.nanoseconds(d) / 1000
        let fraction = String(micros % 1000)
        return String(micros / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
