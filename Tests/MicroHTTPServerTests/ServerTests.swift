import Dispatch
import HTTPClient
import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire
import MicroHTTPServer
import Synchronization
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP layer on a real socket: libmicrohttpd, the bridge and the service together.
@Suite(.serialized) struct ServerTests {
    static let spec = #"{"layout":"flow","collectionView":{"width":320,"height":480},"itemSize":{"width":100,"height":50},"sections":[{"items":7}]}"#

    func withServer(_ configure: (inout ServerConfiguration) -> Void = { _ in },
                    _ body: (MicroHTTPServer, LayoutService) throws -> Void) throws {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configure(&configuration)
        let service = LayoutService(store: LayoutStore(capacityBytes: 1 << 28))
        let server = try MicroHTTPServer(configuration: configuration, handler: service)
        defer { server.shutdown() }
        try body(server, service)
    }

    func json(_ r: HTTPResponse) -> JSONValue { try! JSONParser.parse(r.body.bytes).root }

    @Test func keepAliveReusesTheConnection() throws {
        try withServer { server, _ in
            let c = try HTTPClientConnection(port: server.port)
            let posted = try c.request("POST", "/v1/layouts", body: Array(Self.spec.utf8))
            #expect(posted.status == 201)
            let id = json(posted).members.first { $0.key == "id" }!.value.string!
            for _ in 0..<5 {
                let r = try c.request("GET", "/v1/layouts/\(id)/attributes?rect=0,0,320,100")
                #expect(r.status == 200)
                #expect(r.header("Connection")?.lowercased() != "close")
            }
            #expect(try c.request("GET", "/nope").status == 404)
            #expect(!c.waitForClose(seconds: 1))
        }
    }

    @Test func anAnnouncedOversizedBodyIs413() throws {
        try withServer({ $0.maxBodyBytes = 1000 }) { server, _ in
            let c = try HTTPClientConnection(port: server.port)
            let r = try c.request("POST", "/v1/layouts", body: Array(repeating: 0x20, count: 5000))
            #expect(r.status == 413)
            #expect(r.header("Content-Type") == "application/problem+json")
            #expect(json(r).members.first { $0.key == "detail" }?.value.string?.contains("1000") == true)
            // The body under the cap is still accepted on a new connection.
            let ok = try HTTPClientConnection(port: server.port)
            #expect(try ok.request("POST", "/v1/layouts", body: Array(Self.spec.utf8)).status == 201)
        }
    }

    @Test func aChunkedBodyOverTheCapIs413() throws {
        try withServer({ $0.maxBodyBytes = 1000 }) { server, _ in
            let c = try HTTPClientConnection(port: server.port)
            var raw = "POST /v1/layouts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            for _ in 0..<4 { raw += "200\r\n" + String(repeating: " ", count: 512) + "\r\n" }
            raw += "0\r\n\r\n"
            try c.send(Array(raw.utf8))
            #expect(try c.readResponse().status == 413)
        }
    }

    @Test func problemsOverTheWire() throws {
        try withServer { server, _ in
            let c = try HTTPClientConnection(port: server.port)
            let notJSON = try c.request("POST", "/v1/layouts", body: Array("{oops".utf8))
            #expect(notJSON.status == 400 && notJSON.header("Content-Type") == "application/problem+json")
            let invalid = try c.request("POST", "/v1/layouts", body: Array(#"{"layout":"flow","collectionView":{"width":1,"height":1},"sections":[{"items":-1}]}"#.utf8))
            #expect(invalid.status == 422)
            #expect(json(invalid).members.first { $0.key == "pointer" }?.value.string == "/sections/0/items")
            let wrongMethod = try c.request("PATCH", "/v1/layouts")
            #expect(wrongMethod.status == 405 && wrongMethod.header("Allow") == "POST")
            #expect(try c.request("GET", "/v1/layouts/unknown").status == 404)
            #expect(try c.request("GET", "/healthz").status == 200)
        }
    }

    @Test func concurrentIdenticalPostsPrepareOnce() throws {
        try withServer { server, service in
            let sizes = (0..<200_000).map { "[\($0 % 90 + 10),\($0 % 50 + 20)]" }.joined(separator: ",")
            let body = Array((#"{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"itemSizes":["# + sizes + "]}]}").utf8)
            let statuses = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let status = (try? HTTPClientConnection(port: server.port).request("POST", "/v1/layouts", body: body))?.status ?? -1
                statuses.withLock { $0.append(status) }
            }
            #expect(statuses.withLock { $0.sorted() } == [200, 200, 200, 200, 200, 200, 200, 201])
            #expect(service.store.stats.prepares == 1)
        }
    }

    /// Every conformance case over HTTP: content size, every frame, every query.
    @Test func conformanceOverHTTP() throws {
        try withServer { server, _ in
            let c = try HTTPClientConnection(port: server.port)
            for k in Fixtures.conformanceCases() {
                let posted = json(try c.request("POST", "/v1/layouts", body: k.specJSON))
                let id = posted.members.first { $0.key == "id" }!.value.string!
                let all = json(try c.request("GET", "/v1/layouts/\(id)/attributes?rect=-1e9,-1e9,3e9,3e9"))
                var frames: [String: Rect] = [:]
                for e in all.members.first(where: { $0.key == "elements" })!.value.elements {
                    let m = Dictionary(uniqueKeysWithValues: e.members.map { ($0.key, $0.value) })
                    let f = Dictionary(uniqueKeysWithValues: m["frame"]!.members.map { ($0.key, $0.value.number!) })
                    let s = Int(m["section"]!.number!), i = Int(m["item"]!.number!)
                    let key = m["category"]!.string! == "cell" ? "cell/\(s)/\(i)"
                        : "supplementary/\(m["kind"]!.string!)/\(s)/\(i)"
                    frames[key] = Rect(x: f["x"]!, y: f["y"]!, width: f["width"]!, height: f["height"]!)
                }
                #expect(Set(frames.keys) == Set(k.frames.keys), "\(k.name)")
                for (key, want) in k.frames {
                    guard let got = frames[key] else { continue }
                    #expect(abs(got.x - want.x) <= 1e-6 && abs(got.y - want.y) <= 1e-6
                            && abs(got.width - want.width) <= 1e-6 && abs(got.height - want.height) <= 1e-6,
                            "\(k.name) \(key)")
                }
            }
        }
    }

    @Test func idleConnectionsTimeOut() throws {
        try withServer({ $0.connectionTimeout = 1 }) { server, _ in
            let c = try HTTPClientConnection(port: server.port)
            #expect(try c.request("GET", "/healthz").status == 200)
            #expect(c.waitForClose(seconds: 4))
        }
    }

    /// The default connection memory admits request heads of 7 KB (cookies, long bearer tokens), and no more
    /// than that memory.
    @Test func defaultConnectionMemoryAdmitsSevenKilobyteHeads() throws {
        try withServer({ _ in }) { server, _ in
            let c = try HTTPClientConnection(port: server.port)
            let big = [("X-Big", String(repeating: "a", count: 7_000))]
            #expect(try c.request("GET", "/healthz", headers: big).status == 200)
            #expect(try c.request("GET", "/healthz", headers: big).status == 200)  // again, on the same connection
            let c2 = try HTTPClientConnection(port: server.port)
            let over = [("X-Big", String(repeating: "a", count: ServerConfiguration().connectionMemoryBytes))]
            #expect(try c2.request("GET", "/healthz", headers: over).status == 431)
        }
    }

    @Test func oversizedHeadersAreRefused() throws {
        try withServer({ $0.connectionMemoryBytes = 8 << 10 }) { server, _ in
            let c = try HTTPClientConnection(port: server.port)
            let r = try c.request("GET", "/healthz", headers: [("X-Big", String(repeating: "a", count: 20_000))])
            #expect(r.status == 431)
        }
    }

    /// Shutdown stops accepting but lets a request in flight finish.
    @Test func shutdownDrainsRequestsInFlight() throws {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = try MicroHTTPServer(configuration: configuration,
                                         handler: LayoutService(store: LayoutStore(capacityBytes: 1 << 28)))
        let body = Array(Self.spec.utf8)
        let c = try HTTPClientConnection(port: server.port)
        try c.send(Array("POST /v1/layouts HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
                   + body.prefix(10))
        while server.requestsInFlight == 0 { usleep(1000) }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.shutdown()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut)  // still waiting for our request
        #expect(throws: HTTPClientConnection.Failure.self) { _ = try HTTPClientConnection(port: server.port) }
        try c.send(Array(body.dropFirst(10)))
        let r = try c.readResponse()
        #expect(r.status == 201)
        #expect(r.header("Connection")?.lowercased() == "close")
        #expect(done.wait(timeout: .now() + 5) == .success)
    }
}

/// Slow clients do not hold workers hostage: the epoll pool serves others while they trickle bytes.
@Suite(.serialized) struct SlowClientTests {
    @Test func tricklingClientsDoNotBlockOthers() throws {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        let server = try MicroHTTPServer(configuration: configuration,
                                         handler: LayoutService(store: LayoutStore(capacityBytes: 1 << 26)))
        defer { server.shutdown() }
        // More trickling clients than workers, each stuck mid-request (headers sent one byte at a time).
        let head = Array("POST /v1/layouts HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n".utf8)
        let slow = try (0..<16).map { _ in try HTTPClientConnection(port: server.port) }
        for i in 0..<10 {
            for c in slow { try c.send([head[i]]) }
            // Meanwhile a normal client is answered promptly, every time.
            let clock = ContinuousClock()
            let started = clock.now
            let r = try HTTPClientConnection(port: server.port).request("GET", "/healthz")
            #expect(r.status == 200)
            #expect(clock.now - started < .milliseconds(500))
            usleep(50_000)
        }
    }
}

/// How long a quick `GET /healthz` takes on a server with one event loop while `heavy` (a request sent whole) is
/// being handled, and the heavy request's answer: what offloading (`offload`) changes.
func quickWhileHeavy(_ handler: some HTTPHandler, offload: Bool, heavy request: [UInt8]) throws
    -> (quick: Duration, slowStatus: Int, slowBody: String)
{
    var configuration = ServerConfiguration.loopback(threads: 1)  // one event loop: without offloading, it blocks
    configuration.offloadBodyBytes = offload ? 64 << 10 : 0
    let server = try MicroHTTPServer(configuration: configuration, handler: handler)
    defer { server.shutdown() }
    // 150 ms: the heavy request is being handled by then
    let (quick, waited, slow) = try quickBeside(request, on: server, settle: 150_000, quick: "/healthz")
    #expect(quick.status == 200)
    return (waited, slow.status, String(decoding: slow.body.bytes, as: UTF8.self))
}

/// Sends `held` whole on a connection to `server`, and `settle` microseconds later a `GET` of `path` on another,
/// timed to its answer; then reads the held request's answer.
func quickBeside(_ held: [UInt8], on server: MicroHTTPServer, settle: useconds_t, quick path: String) throws
    -> (quick: HTTPResponse, took: Duration, held: HTTPResponse)
{
    let connection = try HTTPClientConnection(port: server.port)
    try connection.send(held)
    usleep(settle)
    let clock = ContinuousClock()
    let started = clock.now
    let quick = try HTTPClientConnection(port: server.port).request("GET", path)
    let took = clock.now - started
    return (quick, took, try connection.readResponse())
}

extension ServerConfiguration {
    /// On 127.0.0.1, on a port the system picks, with `threads` event loops.
    static func loopback(threads: Int = 2) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = threads
        return configuration
    }
}

/// A handler that takes its time over large bodies (a stand-in for a huge spec's parse and prepare), and over
/// `POST /wait` whatever its body (a stand-in for a small POST waiting for room in the service's POST queue).
struct SlowOverLargeBodies: HTTPHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.body.count >= 100_000 || request.path == "/wait" { usleep(800_000) }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")],
                            body: Array("\(request.body.count)".utf8))
    }
}

/// Heavy requests are handled off the event loop: one worker thread still serves its other connections while a
/// large POST is being handled.
@Suite(.serialized) struct OffloadTests {
    func measure(offload: Bool, path: String = "/big", bodyBytes: Int = 200_000) throws
        -> (quick: Duration, slowStatus: Int, slowBody: String)
    {
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: bodyBytes)
        return try quickWhileHeavy(SlowOverLargeBodies(), offload: offload,
                                   heavy: Array("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    @Test func aLargePostDoesNotStallTheEventLoop() throws {
        let offloaded = try measure(offload: true)
        #expect(offloaded.slowStatus == 200 && offloaded.slowBody == "200000")
        #expect(offloaded.quick < .milliseconds(300))  // answered while the heavy one runs (it takes 800 ms)
        // The reference: the same without offloading waits for the heavy request.
        let inline = try measure(offload: false)
        #expect(inline.slowStatus == 200 && inline.slowBody == "200000")
        #expect(inline.quick > .milliseconds(400))
    }

    @Test func aSmallPostThatWaitsDoesNotStallTheEventLoop() throws {
        let offloaded = try measure(offload: true, path: "/wait", bodyBytes: 10)
        #expect(offloaded.slowStatus == 200 && offloaded.slowBody == "10")
        #expect(offloaded.quick < .milliseconds(300))  // every POST is handled off the event loop
    }
}

/// A handler whose `GET /prepare` would wait (a stand-in for a layout to prepare): on an event loop it answers
/// `HTTPResponse.offLoop`, and the work says where it ran.
struct WaitsOffTheLoop: HTTPHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/wait" { usleep(1_500_000) }  // a POST that waits (on the offload pool)
        guard request.path == "/prepare" else { return HTTPResponse(status: 200, body: Array("quick".utf8)) }
        let work: @Sendable (HTTPRequest) -> HTTPResponse = { request in
            usleep(800_000)
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")],
                                body: Array("prepared, on the loop: \(request.onEventLoop), \(request.header("X-Mark") ?? "-")".utf8))
        }
        return request.onEventLoop ? .offLoop(work) : work(request)
    }
}

/// Work that a handler defers off the event loop runs on the offload pool: one loop thread serves its other
/// connections meanwhile. Without a pool, it runs on the loop, and they wait.
@Suite(.serialized) struct OffLoopServerTests {
    func measure(offload: Bool) throws -> (quick: Duration, slowStatus: Int, slowBody: String) {
        try quickWhileHeavy(WaitsOffTheLoop(), offload: offload,
                            heavy: Array("GET /prepare HTTP/1.1\r\nHost: x\r\nX-Mark: m1\r\n\r\n".utf8))
    }

    @Test func deferredWorkRunsOffTheEventLoop() throws {
        let offloaded = try measure(offload: true)
        // Off the loop, with the request's headers (detached from the connection).
        #expect(offloaded.slowStatus == 200 && offloaded.slowBody == "prepared, on the loop: false, m1")
        #expect(offloaded.quick < .milliseconds(300))
        let inline = try measure(offload: false)
        #expect(inline.slowStatus == 200 && inline.slowBody == "prepared, on the loop: false, m1")
        #expect(inline.quick > .milliseconds(400))
    }

    /// Deferred work has threads of its own: it does not wait behind a POST that holds the offload pool's one
    /// thread (POSTs may wait seconds for room in the service's POST queue).
    @Test func deferredWorkDoesNotWaitBehindPosts() throws {
        var configuration = ServerConfiguration.loopback(threads: 1)
        configuration.offloadThreads = 1
        let server = try MicroHTTPServer(configuration: configuration, handler: WaitsOffTheLoop())
        defer { server.shutdown() }
        // 100 ms: the POST holds the offload thread by then
        let (deferred, took, post) = try quickBeside(
            Array("POST /wait HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}".utf8), on: server, settle: 100_000,
            quick: "/prepare")
        #expect(deferred.status == 200)
        #expect(took < .milliseconds(1_400))  // 800 ms of its own; behind the POST it would take 2.2 s
        #expect(post.status == 200)
    }

    /// Shutdown waits for deferred work: its connection is suspended, and its answer is sent.
    @Test func shutdownWaitsForDeferredWork() throws {
        var configuration = ServerConfiguration.loopback(threads: 1)
        configuration.drainSeconds = 0.1
        let server = try MicroHTTPServer(configuration: configuration, handler: WaitsOffTheLoop())
        let connection = try HTTPClientConnection(port: server.port)
        try connection.send(Array("GET /prepare HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        usleep(100_000)
        server.shutdown()  // past its drain time: the deferred request is still waited for
        let answer = try connection.readResponse()
        #expect(answer.status == 200 && String(decoding: answer.body.bytes, as: UTF8.self).hasPrefix("prepared"))
    }

    @Test func aKeepAliveConnectionGoesOnAfterDeferredWork() throws {
        let server = try MicroHTTPServer(configuration: .loopback(threads: 1), handler: WaitsOffTheLoop())
        defer { server.shutdown() }
        let connection = try HTTPClientConnection(port: server.port)
        for _ in 0..<2 {
            let slow = try connection.request("GET", "/prepare")
            #expect(slow.status == 200 && String(decoding: slow.body.bytes, as: UTF8.self).hasPrefix("prepared"))
            let quick = try connection.request("GET", "/quick")
            #expect(quick.status == 200 && quick.body.bytes == Array("quick".utf8))
        }
    }
}
