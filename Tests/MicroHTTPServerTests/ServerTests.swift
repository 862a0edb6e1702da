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
                var frames: [String: LayoutRect] = [:]
                for e in all.members.first(where: { $0.key == "elements" })!.value.elements {
                    let m = Dictionary(uniqueKeysWithValues: e.members.map { ($0.key, $0.value) })
                    let f = Dictionary(uniqueKeysWithValues: m["frame"]!.members.map { ($0.key, $0.value.number!) })
                    let s = Int(m["section"]!.number!), i = Int(m["item"]!.number!)
                    let key = m["category"]!.string! == "cell" ? "cell/\(s)/\(i)"
                        : "supplementary/\(m["kind"]!.string!)/\(s)/\(i)"
                    frames[key] = LayoutRect(x: f["x"]!, y: f["y"]!, width: f["width"]!, height: f["height"]!)
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
        var refused = false  // new connections, once the listen socket is closed
        for _ in 0..<500 where !refused {
            refused = (try? HTTPClientConnection(port: server.port, timeoutSeconds: 1)) == nil
            if !refused { usleep(10_000) }
        }
        #expect(refused)
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
            // Meanwhile a normal client is answered, every time, long before the heads' 10 s timeout would free
            // a thread that waited for them.
            let r = try HTTPClientConnection(port: server.port, timeoutSeconds: 3).request("GET", "/healthz")
            #expect(r.status == 200)
        }
    }
}

/// A quick `GET /healthz` on a server with one event loop while `heavy` (a request sent whole) is held in its
/// handler (`gate`): its answer if it came within `patience` seconds, while the heavy one was still held; then the
/// heavy request's answer. What offloading (`offload`) changes.
func quickWhileHeavy(_ handler: some HTTPHandler, gate: Gate, offload: Bool, heavy request: [UInt8],
                     patience: Int) throws -> (quick: HTTPResponse?, slowStatus: Int, slowBody: String)
{
    var configuration = ServerConfiguration.loopback(threads: 1)  // one event loop: without offloading, it blocks
    configuration.offloadBodyBytes = offload ? 64 << 10 : 0
    let server = try MicroHTTPServer(configuration: configuration, handler: handler)
    defer { server.shutdown() }
    let (quick, slow) = try quickBeside(request, on: server, gate: gate, quick: "/healthz", patience: patience)
    return (quick, slow.status, String(decoding: slow.body.bytes, as: UTF8.self))
}

/// Sends `held` whole on a connection to `server` and, once its handler holds it (`gate`), a `GET` of `path` on
/// another: that one's answer if it comes within `patience` seconds (nil if not), while the held one still waits;
/// then lets the held one go, and reads its answer.
func quickBeside(_ held: [UInt8], on server: MicroHTTPServer, gate: Gate, quick path: String, patience: Int) throws
    -> (quick: HTTPResponse?, held: HTTPResponse)
{
    let connection = try HTTPClientConnection(port: server.port)
    try connection.send(held)
    #expect(gate.waitForEntered())
    let quick = try? HTTPClientConnection(port: server.port, timeoutSeconds: patience).request("GET", path)
    gate.release()
    return (quick, try connection.readResponse())
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

/// A handler that holds large bodies (a stand-in for a huge spec's parse and prepare), and `POST /wait` whatever its
/// body (a stand-in for a small POST waiting for room in the service's POST queue), in `gate`.
struct SlowOverLargeBodies: HTTPHandler {
    let gate: Gate

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.body.count >= 100_000 || request.path == "/wait" { gate.hold() }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")],
                            body: Array("\(request.body.count)".utf8))
    }
}

/// Heavy requests are handled off the event loop: one worker thread still serves its other connections while a
/// large POST is being handled.
@Suite(.serialized) struct OffloadTests {
    func measure(offload: Bool, path: String = "/big", bodyBytes: Int = 200_000) throws
        -> (quick: HTTPResponse?, slowStatus: Int, slowBody: String)
    {
        let body = [UInt8](repeating: UInt8(ascii: "x"), count: bodyBytes)
        let gate = Gate()
        return try quickWhileHeavy(SlowOverLargeBodies(gate: gate), gate: gate, offload: offload,
                                   heavy: Array("POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body,
                                   patience: offload ? 10 : 1)
    }

    @Test func aLargePostDoesNotStallTheEventLoop() throws {
        let offloaded = try measure(offload: true)
        #expect(offloaded.slowStatus == 200 && offloaded.slowBody == "200000")
        #expect(offloaded.quick?.status == 200)  // answered while the heavy one is held
        // The reference: the same without offloading waits for the heavy request.
        let inline = try measure(offload: false)
        #expect(inline.slowStatus == 200 && inline.slowBody == "200000")
        #expect(inline.quick == nil)
    }

    @Test func aSmallPostThatWaitsDoesNotStallTheEventLoop() throws {
        let offloaded = try measure(offload: true, path: "/wait", bodyBytes: 10)
        #expect(offloaded.slowStatus == 200 && offloaded.slowBody == "10")
        #expect(offloaded.quick?.status == 200)  // every POST is handled off the event loop
    }
}

/// A handler whose `GET /prepare` would wait (a stand-in for a layout to prepare): on an event loop it answers
/// `HTTPResponse.offLoop`, and the work, held in `gate`, says where it ran. `POST /wait` is held in `gate` too (a
/// POST that waits, on the offload pool).
struct WaitsOffTheLoop: HTTPHandler {
    var gate = Gate(open: true)

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/wait" { gate.hold() }
        guard request.path == "/prepare" else { return HTTPResponse(status: 200, body: Array("quick".utf8)) }
        let work: @Sendable (HTTPRequest) -> HTTPResponse = { [gate] request in
            gate.hold()
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")],
                                body: Array("prepared, on the loop: \(request.onEventLoop), \(request.header("X-Mark") ?? "-")".utf8))
        }
        return request.onEventLoop ? .offLoop(work) : work(request)
    }
}

/// Work that a handler defers off the event loop runs on the offload pool: one loop thread serves its other
/// connections meanwhile. Without a pool, it runs on the loop, and they wait.
@Suite(.serialized) struct OffLoopServerTests {
    func measure(offload: Bool) throws -> (quick: HTTPResponse?, slowStatus: Int, slowBody: String) {
        let gate = Gate()
        return try quickWhileHeavy(WaitsOffTheLoop(gate: gate), gate: gate, offload: offload,
                                   heavy: Array("GET /prepare HTTP/1.1\r\nHost: x\r\nX-Mark: m1\r\n\r\n".utf8),
                                   patience: offload ? 10 : 1)
    }

    @Test func deferredWorkRunsOffTheEventLoop() throws {
        let offloaded = try measure(offload: true)
        // Off the loop, with the request's headers.
        #expect(offloaded.slowStatus == 200 && offloaded.slowBody == "prepared, on the loop: false, m1")
        #expect(offloaded.quick?.status == 200)
        let inline = try measure(offload: false)
        #expect(inline.slowStatus == 200 && inline.slowBody == "prepared, on the loop: false, m1")
        #expect(inline.quick == nil)
    }

    /// Deferred work has threads of its own: it starts while a POST holds the offload pool's one thread (POSTs
    /// may wait seconds for room in the service's POST queue).
    @Test func deferredWorkDoesNotWaitBehindPosts() throws {
        var configuration = ServerConfiguration.loopback(threads: 1)
        configuration.offloadThreads = 1
        let gate = Gate()
        let server = try MicroHTTPServer(configuration: configuration, handler: WaitsOffTheLoop(gate: gate))
        defer { server.shutdown() }
        let post = try HTTPClientConnection(port: server.port)
        try post.send(Array("POST /wait HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}".utf8))
        #expect(gate.waitForEntered())  // the POST holds the offload thread
        let deferred = try HTTPClientConnection(port: server.port)
        try deferred.send(Array("GET /prepare HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(gate.waitForEntered())  // the deferred work runs beside it
        gate.release(2)
        #expect(try deferred.readResponse().status == 200)
        #expect(try post.readResponse().status == 200)
    }

    /// Shutdown waits for deferred work past its drain time: its connection is suspended, and its answer is sent.
    @Test func shutdownWaitsForDeferredWork() throws {
        var configuration = ServerConfiguration.loopback(threads: 1)
        configuration.drainSeconds = 0.1
        let gate = Gate()
        let server = try MicroHTTPServer(configuration: configuration, handler: WaitsOffTheLoop(gate: gate))
        let connection = try HTTPClientConnection(port: server.port)
        try connection.send(Array("GET /prepare HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(gate.waitForEntered())
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.shutdown()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.5) == .timedOut)  // past its drain time, still waiting
        gate.release()
        let answer = try connection.readResponse()
        #expect(answer.status == 200 && String(decoding: answer.body.bytes, as: UTF8.self).hasPrefix("prepared"))
        #expect(done.wait(timeout: .now() + 10) == .success)
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
