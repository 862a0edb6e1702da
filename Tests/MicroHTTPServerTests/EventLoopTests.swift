import Dispatch
import HTTPClient
import HTTPCore
@testable import MicroHTTPServer
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a test holds a handler: a held request signals `entered` when its handler starts, and its handler returns
/// once the test lets it go (`release`), or after 30 s. An open gate signals and lets every request through.
final class Gate: @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let open: Bool

    init(open: Bool = false) { self.open = open }

    /// Called by the handler: signals the test, and waits to be let go.
    func hold() {
        entered.signal()
        if !open { _ = released.wait(timeout: .now() + 30) }
    }

    /// Waits until `count` requests have entered their handler (false after 10 s).
    func waitForEntered(_ count: Int = 1) -> Bool {
        (0..<count).allSatisfy { _ in entered.wait(timeout: .now() + 10) == .success }
    }

    /// Lets `count` held handlers return.
    func release(_ count: Int = 1) { for _ in 0..<count { released.signal() } }
}

/// A handler that holds its event loop on `/block` (`gate`), and answers anything else at once.
struct BlockingOnRequest: HTTPHandler {
    let gate: Gate

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/block" { gate.hold() }
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("ok".utf8))
    }
}

/// The server's own event loops (`EventLoop`), on a real socket.
@Suite(.serialized) struct EventLoopTests {
    func server(threads: Int, perIP: Int = 0, maxConnections: Int = 1024, gate: Gate = Gate()) throws
        -> MicroHTTPServer
    {
        var configuration = ServerConfiguration.loopback(threads: threads)
        configuration.maxConnectionsPerIP = perIP
        configuration.maxConnections = maxConnections
        return try MicroHTTPServer(configuration: configuration, handler: BlockingOnRequest(gate: gate))
    }

    /// `count` connections, each answered once: accepted, and idle now.
    func answeredConnections(_ count: Int, to server: MicroHTTPServer) throws -> [HTTPClientConnection] {
        try (0..<count).map { _ in
            let c = try HTTPClientConnection(port: server.port, timeoutSeconds: 10)
            #expect(try c.request("GET", "/ready").status == 200)
            return c
        }
    }

    /// libmicrohttpd 0.9.75's own loop, given exactly 128 ready connections in one wait, waits again with its
    /// blocking timeout before serving them: these 128 clients would hang until a connection's idle timeout (30 s).
    /// Here: one loop, held in a handler while 128 other connections send theirs, then 128 events at once. Each
    /// client waits 10 s at most, and the first one not answered ends the test.
    @Test func exactly128ReadyConnectionsAreAnsweredAtOnce() throws {
        let gate = Gate()
        let server = try server(threads: 1, gate: gate)
        defer { server.shutdown() }
        let blocker = try HTTPClientConnection(port: server.port, timeoutSeconds: 10)
        let others = try answeredConnections(128, to: server)
        try blocker.send(Array("GET /block HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(gate.waitForEntered())
        for c in others { try c.send(Array("GET /next HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) }
        gate.release()
        #expect(try blocker.readResponse().status == 200)
        var answered = 0
        for c in others {
            guard (try? c.readResponse().status) == 200 else { break }
            answered += 1
        }
        #expect(answered == 128)
    }

    /// A loop at its connection limit takes the listen socket out of its epoll set, and libmicrohttpd puts it back
    /// only when the loop next runs: a connection waiting in the backlog must wake the loop once a slot is free,
    /// not wait for the loop's next timeout (the 30 s idle timeout of the open connections).
    @Test func aConnectionInTheBacklogIsTakenWhenASlotFrees() throws {
        let server = try server(threads: 1, maxConnections: 2)
        defer { server.shutdown() }
        var open = try answeredConnections(2, to: server)
        let waiting = try HTTPClientConnection(port: server.port, timeoutSeconds: 10)  // in the kernel's backlog
        try waiting.send(Array("GET /late HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        usleep(200_000)  // the loop waits with the request in the backlog (sooner, the test could not fail)
        open.removeFirst()  // a slot frees
        #expect(try waiting.readResponse().status == 200)
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
        let gate = Gate()
        let server = try server(threads: 1, gate: gate)
        let port = server.port
        let client = try HTTPClientConnection(port: port, timeoutSeconds: 10)
        try client.send(Array("GET /block HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(gate.waitForEntered())
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { gate.release() }  // past quiescing's second
        server.shutdown()
        #expect(try client.readResponse().status == 200)
        #expect((try? HTTPClientConnection(port: port, timeoutSeconds: 1)) == nil)  // nobody listens any more
    }

    /// Connections spread over three loops, each run by its own thread, are all answered, again and again.
    @Test func everyLoopServesItsConnections() throws {
        let server = try server(threads: 3)
        defer { server.shutdown() }
        let open = try answeredConnections(60, to: server)
        let perLoop = server.context.loops.withLock { $0?.map(\.connections) } ?? []
        #expect(perLoop.count == 3 && perLoop.reduce(0, +) == 60, "\(perLoop)")
        for _ in 0..<3 {
            for c in open { #expect(try c.request("GET", "/again").status == 200) }
        }
    }
}
