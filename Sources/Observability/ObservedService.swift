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

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let clock = ContinuousClock()
        let started = clock.now
        let id = RequestID.of(request.header("X-Request-Id"))
        if logLevel <= .debug {
            // Where a request that never ends shows up: its line at the end would not come.
            let query = request.query.map { $0.name + "=" + $0.value }.joined(separator: "&")
            logger.debug("start", metadata: ["id": .string(id), "method": .string(request.method),
                                             "target": .string(request.path + (query.isEmpty ? "" : "?" + query))])
        }
        var response = servesMetrics && request.path == "/metrics"
            ? MetricsEndpoint<Inner>.answer(request, metrics: metrics, sources: sources) : inner.handle(request)
        // Changed in place and returned once: a response assigned in branches and returned was copied.
        observe(&response, of: request, id: id, duration: clock.now - started)
        return response
    }

    /// The request id on the response, the metrics, the log line, and the audit line of a DELETE.
    private func observe(_ response: inout HTTPResponse, of request: HTTPRequest, id: String, duration: Duration) {
        response.headers.append(("X-Request-Id", id))
        metrics.record(method: request.method, route: response.route, status: response.status, duration: duration)
        if logLevel <= .info {
            if let requestLines {
                // The closure captures these values, not the response (capturing it copied it).
                let (route, status, bytes, key) = (response.route, response.status, response.body.count, response.keyID)
                requestLines.write { line in
                    Self.requestLine(into: &line, id: id, method: request.method, route: route, status: status,
                                     bytes: bytes, duration: duration, key: key)
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

    /// `ts=... level=info msg=request bytes=... id=... [key=...] method=... ms=... route=... status=...`, the line
    /// `LineLogHandler` writes for the metadata the logger path gives, written as bytes.
    static func requestLine(into line: inout [UInt8], id: String, method: String, route: StaticString?, status: Int,
                            bytes: Int, duration: Duration, key: String? = nil) {
        append("ts=", to: &line)
        LineLogHandler.appendTimestamp(to: &line)
        // The rest is written on the stack and appended at once (each append to the array checks its room).
        // Values may be quoted, each byte escaped to two at most.
        let room = 160 + 2 * (id.utf8.count + method.utf8.count + (key?.utf8.count ?? 0)) + (route?.utf8CodeUnitCount ?? 0)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { buffer in
            var w = LineWriter(buffer.baseAddress!)
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
            let fraction = micros % 1000
            w.put(UInt8(ascii: "."))
            w.put(UInt8(ascii: "0") + UInt8(fraction / 100))
            w.put(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
            w.put(UInt8(ascii: "0") + UInt8(fraction % 10))
            w.put(" route=")
            w.put(route ?? "unmatched")
            w.put(" status=")
            w.putDecimal(status)
            w.put(UInt8(ascii: "\n"))
            line.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: w.start.distance(to: w.at)))
        }
    }

    /// A literal's bytes, copied at once (appending a string's `utf8` goes byte by byte).
    @inline(__always)
    static func append(_ literal: StaticString, to line: inout [UInt8]) {
        line.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Milliseconds with three decimals.
    static func milliseconds(_ d: Duration) -> String {
        let micros = ServiceMetrics.nanoseconds(d) / 1000
        let fraction = String(micros % 1000)
        return String(micros / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// Writes a log line's bytes through a pointer into memory with room for them.
struct LineWriter {
    let start: UnsafeMutablePointer<UInt8>
    var at: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        at = start
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        at.pointee = byte
        at += 1
    }

    @inline(__always)
    mutating func put(_ literal: StaticString) {
        at.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        at += literal.utf8CodeUnitCount
    }

    /// The decimal digits of a number 0 or more (at most 19).
    mutating func putDecimal(_ value: Int) {
        var v = max(0, value)
        var n = 1
        var rest = v
        while rest >= 10 {
            rest /= 10
            n += 1
        }
        var i = n
        repeat {
            i -= 1
            at[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
        } while i > 0
        at += n
    }

    /// A logfmt value (`LineLogHandler.appendValue` writes through it): bare when it is a bare word, else quoted
    /// with `"`, `\` and newlines escaped.
    mutating func putValue(_ value: String) {
        withUTF8(of: value) { putValue(bytes: $0) }
    }

    private mutating func putValue(bytes: UnsafeBufferPointer<UInt8>) {
        let bare = !bytes.isEmpty
            && !bytes.contains { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") }
        if bare {
            at.update(from: bytes.baseAddress!, count: bytes.count)
            at += bytes.count
            return
        }
        put(UInt8(ascii: "\""))
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(UInt8(ascii: "\\"))
                put(b)
            case UInt8(ascii: "\n"):
                put(UInt8(ascii: "\\"))
                put(UInt8(ascii: "n"))
            default: put(b)
            }
        }
        put(UInt8(ascii: "\""))
    }
}
