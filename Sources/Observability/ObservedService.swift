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
public struct ObservedService<Inner: HTTPHandler>: HTTPLayer {
    public let inner: Inner
    public let metrics: ServiceMetrics
    public let sources: [any MetricsSource]
    public let logger: Logger
    /// Where request lines are written directly, in `LineLogHandler`'s format (the logger's handler must write to
    /// the same output), without building swift-log metadata per request; nil: through `logger`.
    public let requestLines: LogOutput?
    public let servesMetrics: Bool
    /// The logger's level, read once: `logger.logLevel` copies the handler out of its existential box on every read.
    private let logLevel: Logger.Level

    public init(_ inner: Inner, metrics: ServiceMetrics, sources: [any MetricsSource] = [], logger: Logger,
                requestLines: LogOutput? = nil, servesMetrics: Bool = true) {
        self.inner = inner
        self.metrics = metrics
        self.sources = sources
        self.logger = logger
        self.requestLines = requestLines
        self.servesMetrics = servesMetrics
        self.logLevel = logger.logLevel
    }

    /// The inner handler's answer, or the metrics when this layer serves them; the state is when the request
    /// started, and its id.
    public func respond(to request: HTTPRequest) -> (answer: HTTPResponse, state: RequestStart) {
        let started = ContinuousClock.now
        let sent = request.header("X-Request-Id")
        let id = RequestID.of(sent)
        if logLevel <= .debug {
            // Where a request that never ends shows up: its line at the end would not come.
            let query = request.query.map { $0.name + "=" + $0.value }.joined(separator: "&")
            logger.debug("start", metadata: ["id": .string(id), "method": .string(request.method),
                                             "target": .string(request.path + (query.isEmpty ? "" : "?" + query))])
        }
        let start = RequestStart(time: started, id: id, idWasSent: id == sent)
        if servesMetrics && request.path == "/metrics" {
            return (MetricsEndpoint<Inner>.answer(request, metrics: metrics, sources: sources), start)
        }
        return (inner.handle(request), start)
    }

    /// Observes an answer once it is made (a deferred one off the event loop: its time includes the wait for a
    /// worker thread).
    public func finish(_ answer: inout HTTPResponse, to request: HTTPRequest, state start: RequestStart) {
        observe(&answer, of: request, id: start.id, sent: start.idWasSent, duration: ContinuousClock.now - start.time)
    }

    /// The request id on the response, the metrics, the log line, and the audit line of a DELETE.
    ///
    /// An answer with a shared body (a cached tile: `HTTPBody(sharing:)`) is the same for every request, and the
    /// server sends it from one ready answer: it carries no new request id. The id the client sent is echoed, on
    /// the body's plain form, which the server sends as made for this request.
    private func observe(_ response: inout HTTPResponse, of request: HTTPRequest, id: String, sent: Bool,
                         duration: Duration) {
        if !response.body.isShared {
            response.headers.append(("X-Request-Id", id))
        } else if sent {
            response.body = response.body.memoryOwner
            response.headers.append(("X-Request-Id", id))
        }
        metrics.record(method: request.method, route: response.route, status: response.status, duration: duration)
        if logLevel <= .info {
            if let requestLines {
                // Written on the stack, outside the output's lock (both event-loop threads write lines): the lock
                // is held for one copy.
                let room = Self.requestLineBytes(id: id, method: request.method, route: response.route,
                                                 key: response.keyID)
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
                    var w = LineWriter(buffer.baseAddress!)
                    Self.requestLine(into: &w, id: id, method: request.method, route: response.route,
                                     status: response.status, bytes: response.body.count, duration: duration,
                                     key: response.keyID)
                    let text = w.written
                    requestLines.write { $0.append(contentsOf: text) }
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
    }

    /// The most `requestLine` writes: values may be quoted, each byte escaped to two at most.
    static func requestLineBytes(id: String, method: String, route: StaticString?, key: String?) -> Int {
        LineWriter.timestampBytes + 160 + 2 * (id.utf8.count + method.utf8.count + (key?.utf8.count ?? 0))
            + (route?.utf8CodeUnitCount ?? 0)
    }

    /// `ts=... level=info msg=request bytes=... id=... [key=...] method=... ms=... route=... status=...`, the line
    /// `LineLogHandler` writes for the metadata the logger path gives, written as bytes into room for
    /// `requestLineBytes`.
    static func requestLine(into w: inout LineWriter, id: String, method: String, route: StaticString?, status: Int,
                            bytes: Int, duration: Duration, key: String? = nil) {
        w.put("ts=")
        w.putTimestamp()
        w.put(" level=info msg=request bytes=")
        w.putDecimal(bytes)
        w.put(" id=")
        w.putValue(id)
        if let key {
            w.put(" key=")
            w.putValue(key)
        }
        w.put(" method=")
        w.putValue(method)
        w.put(" ms=")
        let micros = Int(ServiceMetrics.nanoseconds(duration) / 1000)
        w.putDecimal(micros / 1000)
        w.put(UInt8(ascii: "."))
        w.putDigits(micros % 1000, 3)
        w.put(" route=")
        w.put(route ?? "unmatched")
        w.put(" status=")
        w.putDecimal(status)
        w.put(UInt8(ascii: "\n"))
    }

    /// Milliseconds with three decimals.
    static func milliseconds(_ d: Duration) -> String {
        let micros = ServiceMetrics.nanoseconds(d) / 1000
        let fraction = String(micros % 1000)
        return String(micros / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// A request's start, for its observation once answered (not nested in the generic `ObservedService`, whose nested
/// types would be generic too, their metadata looked up on every request).
public struct RequestStart: Sendable {
    let time: ContinuousClock.Instant
    let id: String
    /// Whether the id is the one the client sent (`X-Request-Id`).
    let idWasSent: Bool
}
