import HTTPCompression
import HTTPCore
import LayoutService
import LayoutStore
import Logging
import Observability
import Synchronization
import Testing

/// Collects log lines in memory.
final class Lines: Sendable {
    let lines = Mutex<[String]>([])
}

struct CollectingHandler: LogHandler {
    let sink: Lines
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        sink.lines.withLock { $0.append(([event.message.description] + fields).joined(separator: " ")) }
    }
}

/// The store's figures, as the command gives them to `/metrics`.
struct StoreFigures: MetricsSource {
    let store: LayoutStore
    func metricFigures() -> [MetricFigure] {
        store.figures.map { MetricFigure($0.name, $0.isCounter ? .counter : .gauge, $0.value) }
    }
}

@Suite struct ObservedServiceTests {
    static let spec = Array(#"{"layout":"flow","collectionView":{"width":300,"height":400},"sections":[{"items":30}]}"#.utf8)

    func make() -> (ObservedService<LayoutService>, Lines) {
        let lines = Lines()
        let metrics = ServiceMetrics()
        let store = LayoutStore(capacityBytes: 1 << 20, onPrepare: metrics.recordPrepare)
        let logger = Logger(label: "test") { _ in CollectingHandler(sink: lines) }
        return (ObservedService(LayoutService(store: store), metrics: metrics, sources: [StoreFigures(store: store)],
                                logger: logger), lines)
    }

    func value(_ metrics: String, _ series: String) -> Double? {
        for line in metrics.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test func oneLogLineAndARequestIdPerRequest() throws {
        let (service, lines) = make()
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", headers: [("X-Request-Id", "client-42")],
                                                body: Self.spec))
        #expect(posted.status == 201 && posted.header("X-Request-Id") == "client-42")
        let missing = service.handle(HTTPRequest(method: "GET", path: "/v1/layouts/nope"))
        let generated = try #require(missing.header("X-Request-Id"))
        #expect(generated.count == 16 && generated != "client-42")
        // An id that is not a sane token is replaced, not echoed.
        let odd = service.handle(HTTPRequest(method: "GET", path: "/healthz", headers: [("X-Request-Id", "a b\r\nc")]))
        #expect(odd.header("X-Request-Id")?.count == 16)
        let logged = lines.lines.withLock { $0 }
        #expect(logged.count == 3)
        #expect(logged[0].hasPrefix("request bytes=\(posted.body.count) id=client-42 method=POST ms="))
        #expect(logged[0].hasSuffix("route=/v1/layouts status=201"))
        #expect(logged[1].contains("id=\(generated)") && logged[1].hasSuffix("route=/v1/layouts/{id} status=404"))
    }

    /// A tile's answer is a shared body that the server sends from one ready answer: it gets no new request id,
    /// and one the client sent is echoed on the body's plain form (same bytes), which the server sends as made.
    @Test func aTileAnswerCarriesOnlyTheClientsRequestId() throws {
        let (service, lines) = make()
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: Self.spec))
        let layout = try #require(posted.header("Location"))
        let shared = service.handle(HTTPRequest(method: "GET", path: layout + "/tiles/0"))
        #expect(shared.status == 200 && shared.body.isShared)
        #expect(shared.header("X-Request-Id") == nil)
        let again = service.handle(HTTPRequest(method: "GET", path: layout + "/tiles/0"))
        #expect(again.body === shared.body && again.header("X-Request-Id") == nil)
        let own = service.handle(HTTPRequest(method: "GET", path: layout + "/tiles/0",
                                             headers: [("X-Request-Id", "client-7")]))
        #expect(own.header("X-Request-Id") == "client-7")
        #expect(!own.body.isShared && own.body === shared.body.memoryOwner && own.body.bytes == shared.body.bytes)
        // The log lines have an id each all the same.
        let logged = lines.lines.withLock { $0 }
        #expect(logged.count == 4)
        #expect(logged[1].contains(" id=") && logged[1].hasSuffix("route=/v1/layouts/{id}/tiles/{k} status=200"))
        #expect(logged[3].contains("id=client-7"))
    }

    /// An answer made off the event loop (`HTTPResponse.offLoop`) goes through every layer once it is made: the
    /// request id, the log line, the metrics (by its route and status), gzip. The deferred response itself is
    /// neither logged nor counted.
    @Test func anAnswerMadeOffTheLoopIsObservedWhenItIsMade() throws {
        let lines = Lines()
        let metrics = ServiceMetrics()
        let store = LayoutStore(capacityBytes: 1)  // keeps no layout: every GET prepares
        let logger = Logger(label: "test") { _ in CollectingHandler(sink: lines) }
        let service = ObservedService(CompressingHandler(LayoutService(store: store), minimumBytes: 100),
                                      metrics: metrics, logger: logger)
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: Self.spec))
        let layout = try #require(posted.header("Location"))
        var request = HTTPRequest(method: "GET", path: layout + "/attributes", query: [("rect", "0,0,300,400")],
                                  headers: [("Accept-Encoding", "gzip"), ("X-Request-Id", "client-9")])
        request.onEventLoop = true
        let marker = service.handle(request)
        #expect(marker.deferred != nil && marker.header("X-Request-Id") == nil)
        #expect(lines.lines.withLock { $0 }.count == 1)  // the POST's
        let answer = marker.answered(to: request)
        #expect(answer.status == 200 && answer.header("Content-Encoding") == "gzip")
        #expect(answer.header("X-Request-Id") == "client-9" && answer.header("ETag")?.hasPrefix("W/") == true)
        let logged = lines.lines.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged[1].contains("id=client-9") && logged[1].hasSuffix("route=/v1/layouts/{id}/attributes status=200"))
        let text = String(decoding: service.handle(HTTPRequest(method: "GET", path: "/metrics")).body.bytes, as: UTF8.self)
        #expect(value(text, #"http_requests_total{method="GET",route="/v1/layouts/{id}/attributes",status="200"}"#) == 1)
        #expect(!text.contains(#"status="0""#))
    }

    @Test func metricsCountRequestsByRouteTemplateAndTheCache() throws {
        let (service, _) = make()
        let posted = service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: Self.spec))
        let id = try #require(posted.header("Location")?.split(separator: "/").last)
        for _ in 0..<3 {
            _ = service.handle(HTTPRequest(method: "GET", path: "/v1/layouts/\(id)/attributes", query: [("rect", "0,0,300,400")]))
        }
        _ = service.handle(HTTPRequest(method: "GET", path: "/no/such/thing"))
        let scrape = service.handle(HTTPRequest(method: "GET", path: "/metrics"))
        #expect(scrape.status == 200 && scrape.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let text = String(decoding: scrape.body.bytes, as: UTF8.self)
        let attributes = #"{method="GET",route="/v1/layouts/{id}/attributes",status="200"}"#
        #expect(value(text, "http_requests_total" + attributes) == 3)
        #expect(value(text, "http_request_duration_seconds_count" + attributes) == 3)
        #expect(value(text, #"http_requests_total{method="POST",route="/v1/layouts",status="201"}"#) == 1)
        #expect(value(text, #"http_requests_total{method="GET",route="unmatched",status="404"}"#) == 1)
        #expect(value(text, "layout_cache_entries") == 1)
        #expect(value(text, "layout_cache_hits_total") == 3)
        #expect(value(text, "layout_cache_misses_total") == 1)
        #expect(value(text, "layout_prepares_total") == 1)
        #expect(value(text, "layout_prepare_duration_seconds_count") == 1)
        #expect((value(text, "layout_cache_bytes") ?? 0) > 0)
        // Counters move by what happened since the last scrape, not by the totals again.
        _ = service.handle(HTTPRequest(method: "GET", path: "/v1/layouts/\(id)/attributes", query: [("rect", "0,0,1,1")]))
        let again = String(decoding: service.handle(HTTPRequest(method: "GET", path: "/metrics")).body.bytes, as: UTF8.self)
        #expect(value(again, "layout_cache_hits_total") == 4)
        #expect(value(again, #"http_requests_total{method="GET",route="/metrics",status="200"}"#) == 1)
    }

    @Test func methodsHTTPDoesNotDefineAreCountedAsOther() throws {
        let (service, _) = make()
        for method in ["BREW", "PROPFIND", "X", "GETTING", "get"] {
            _ = service.handle(HTTPRequest(method: method, path: "/healthz"))
        }
        _ = service.handle(HTTPRequest(method: "DELETE", path: "/healthz"))
        let text = String(decoding: service.handle(HTTPRequest(method: "GET", path: "/metrics")).body.bytes, as: UTF8.self)
        let series = text.split(separator: "\n").filter { $0.hasPrefix("http_requests_total{") }
        #expect(series.allSatisfy { !$0.contains("BREW") && !$0.contains("PROPFIND") && !$0.contains("GETTING") })
        let other = series.filter { $0.contains(#"method="other""#) }
            .compactMap { Double($0.split(separator: " ").last ?? "") }.reduce(0, +)
        #expect(other == 5)
        #expect(series.contains { $0.contains(#"method="DELETE""#) })
    }
}
