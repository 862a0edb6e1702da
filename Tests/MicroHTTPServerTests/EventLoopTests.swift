import Dispatch
import HTTPClient
import HTTPCore
@testable import MicroHTTPServer
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A handler that holds its event loop for 400 ms on `/block` and 1.5 s on `/block-long`, and answers anything
/// else at once.
struct BlockingOnRequest: HTTPHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/block" { usleep(400_000) }
        if request.path == "/block-long" { usleep(1_500_000) }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("ok".utf8))
    }
}

/// The server's own event loops (`EventLoop`), on a real socket.
@Suite(.serialized) struct EventLoopTests {
    func server(threads: Int, perIP: Int = 0, maxConnections: Int = 1024,
                scaling: LoopScaling = .fixed) throws -> MicroHTTPServer {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = threads
        configuration.loopScaling = scaling
        configuration.maxConnectionsPerIP = perIP
        configuration.maxConnections = maxConnections
        return try MicroHTTPServer(configuration: configuration, handler: BlockingOnRequest())
    }

    /// `count` connections, each answered once: accepted, and idle now.
    func answeredConnections(_ count: Int, to server: MicroHTTPServer) throws -> [HTTPClientConnection] {
        try (0..<count).map { _ in
            let c = try HTTPClientConnection(port: server.port, timeoutSeconds: 5)
            #expect(try c.request("GET", "/ready").status == 200)
            return c
        }
    }

    /// libmicrohttpd 0.9.75's own loop, given exactly 128 ready connections in one wait, waited again with its
    /// blocking timeout before serving them: these 128 clients hung until a connection's idle timeout (30 s).
    /// Here: one loop, held by a slow request while 128 other connections send theirs, then 128 events at once.
    @Test(arguments: [1, 2]) func exactly128ReadyConnectionsAreAnsweredAtOnce(loops: Int) throws {
        let server = try server(threads: loops)
        server.setActiveThreads(1)  // with 2 loops: one thread runs both daemons
        defer { server.shutdown() }
        let blocker = try HTTPClientConnection(port: server.port, timeoutSeconds: 5)
        let others = try answeredConnections(128, to: server)
        try blocker.send(Array("GET /block HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        usleep(100_000)  // the loop is in the handler now, for 300 ms more
        let clock = ContinuousClock()
        let started = clock.now
        for c in others { try c.send(Array("GET /next HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) }
        #expect(try blocker.readResponse().status == 200)
        var answered = 0
        for c in others where (try? c.readResponse().status) == 200 { answered += 1 }
        #expect(answered == 128)
        #expect(clock.now - started < .seconds(3))
    }

    /// A loop at its connection limit takes the listen socket out of its epoll set, and libmicrohttpd puts it back
    /// only when the loop next runs: a connection waiting in the backlog must wake the loop once a slot is free
    /// (before, it waited for the loop's next timeout: up to the 30 s idle timeout).
    @Test func aConnectionInTheBacklogIsTakenWhenASlotFrees() throws {
        let server = try server(threads: 1, maxConnections: 2)
        defer { server.shutdown() }
        var open = try answeredConnections(2, to: server)
        let waiting = try HTTPClientConnection(port: server.port, timeoutSeconds: 5)  // in the kernel's backlog
        try waiting.send(Array("GET /late HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        usleep(200_000)
        let clock = ContinuousClock()
        let started = clock.now
        open.removeFirst()  // a slot frees
        #expect(try waiting.readResponse().status == 200)
        #expect(clock.now - started < .seconds(1))
    }

    /// The limit per client address holds across loops: libmicrohttpd's own limit is per daemon.
    @Test func connectionsPerIPAreCountedAcrossLoops() throws {
        let server = try server(threads: 2, perIP: 3)
        defer { server.shutdown() }
        var open = try answeredConnections(3, to: server)
        for _ in 0..<4 {  // over the limit, whichever loop takes it: closed without an answer
            let extra = try HTTPClientConnection(port: server.port, timeoutSeconds: 5)
            #expect((try? extra.request("GET", "/")) == nil)
        }
        open.removeFirst()  // closes one: room for one more
        var admitted = false
        for _ in 0..<50 where !admitted {  // the server sees the close a moment later
            usleep(20_000)
            let c = try HTTPClientConnection(port: server.port, timeoutSeconds: 5)
            admitted = (try? c.request("GET", "/").status) == 200
            if admitted { open.append(c) }
        }
        #expect(admitted)
        for c in open { #expect(try c.request("GET", "/").status == 200) }
    }

    /// Shutting down while a loop is in a handler for longer than quiescing waits (a second): the request is
    /// answered, and the shared listen socket is closed once, after that loop has let go of it (closed under a
    /// loop that still watched it, libmicrohttpd's quiescing would find it gone and abort the process).
    @Test func shutdownWaitsForALoopInALongHandler() throws {
        let server = try server(threads: 1)
        let port = server.port
        let client = try HTTPClientConnection(port: port, timeoutSeconds: 10)
        try client.send(Array("GET /block-long HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        usleep(100_000)  // in the handler now
        server.shutdown()
        #expect(try client.readResponse().status == 200)
        #expect((try? HTTPClientConnection(port: port, timeoutSeconds: 1)) == nil)  // nobody listens any more
    }

    /// The connections of each loop, as the loops count them.
    func connectionsPerLoop(_ server: MicroHTTPServer) -> [Int] {
        server.context.loops.withLock { $0?.loops.map(\.connections) } ?? []
    }

    /// Connections that fell to three loops while three threads ran are answered with one thread running (the
    /// other two loops run on it, their connections kept), with two, and with three again.
    @Test func theLoopsOfParkedThreadsAreServed() throws {
        let server = try server(threads: 3)
        defer { server.shutdown() }
        let open = try answeredConnections(60, to: server)
        #expect(connectionsPerLoop(server).reduce(0, +) == 60)
        for active in [1, 2, 3, 1] {
            server.setActiveThreads(active)
            #expect(server.activeThreads == active)
            for c in open { #expect(try c.request("GET", "/again").status == 200) }
        }
        #expect(server.threadChanges == 4)
    }

    /// One thread running two loops spreads new connections over both (the emptier daemon runs first, and
    /// accepts first): a thread that starts later finds its loop with a share of them.
    @Test func oneThreadSpreadsConnectionsOverItsLoops() throws {
        let server = try server(threads: 2)
        server.setActiveThreads(1)
        defer { server.shutdown() }
        let open = try answeredConnections(20, to: server)
        let counts = connectionsPerLoop(server)
        #expect(counts.count == 2 && counts.allSatisfy { $0 >= 8 }, "\(counts)")
        _ = open
    }

    /// Threads parked and started every 10 ms while 16 clients send requests on their own connections: every
    /// request is answered, none waits for long (a loop let go of must be taken by its next thread at once).
    @Test func changingTheRunningThreadsUnderLoadLosesNoRequest() throws {
        let server = try server(threads: 3)
        defer { server.shutdown() }
        let port = server.port
        let stop = Atomic<Bool>(false)
        let answered = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
        let slowest = Atomic<Int>(0)  // milliseconds
        let flipper = DispatchQueue(label: "flipper")
        flipper.async {
            var active = 1
            while !stop.load(ordering: .acquiring) {
                server.setActiveThreads(active)
                active = active % 3 + 1
                usleep(10_000)
            }
        }
        let clock = ContinuousClock()
        let until = clock.now + .milliseconds(1500)
        var threads = (0..<16).map { _ in JoinableThread() }
        for i in threads.indices {
            #expect(threads[i].start {
                guard let client = try? HTTPClientConnection(port: port, timeoutSeconds: 5) else {
                    failed.add(1, ordering: .relaxed)
                    return
                }
                while clock.now < until {
                    let started = clock.now
                    let ok = (try? client.request("GET", "/"))?.status == 200
                    if ok { answered.add(1, ordering: .relaxed) } else { failed.add(1, ordering: .relaxed) }
                    let took = (clock.now - started).components
                    _ = slowest.max(Int(took.seconds * 1000 + took.attoseconds / 1_000_000_000_000_000),
                                ordering: .relaxed)
                }
            })
        }
        for i in threads.indices { threads[i].join() }
        stop.store(true, ordering: .releasing)
        flipper.sync {}
        #expect(failed.load(ordering: .relaxed) == 0)
        #expect(answered.load(ordering: .relaxed) > 500)
        #expect(slowest.load(ordering: .relaxed) < 1000)
        #expect(server.threadChanges > 20)
    }

    /// With `loopScaling: .auto` (the default) the server starts with one thread running, on Linux; `.fixed`
    /// runs every thread.
    @Test func automaticScalingStartsWithOneThread() throws {
        let automatic = try server(threads: 2, scaling: .auto)
        defer { automatic.shutdown() }
        let fixed = try server(threads: 2)
        defer { fixed.shutdown() }
        #if os(Linux)
        #expect(automatic.activeThreads == 1)
        #endif
        #expect(fixed.activeThreads == 2)
        #expect(try answeredConnections(4, to: automatic).count == 4)
    }
}
