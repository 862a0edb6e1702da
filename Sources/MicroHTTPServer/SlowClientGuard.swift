import CMicroHTTPD
import CSocket
import HTTPCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deadlines that libmicrohttpd does not keep (its own timeout measures idleness, so a client trickling a header
/// line every few seconds never meets it): a request head must arrive whole within `headSeconds`, and a body must
/// keep arriving: at least `minBodyBytesPerSecond` over every `bodyRateWindowSeconds`, and all of it within
/// `bodyTimeoutSeconds` (`BodyRateWindow`). A connection past its deadline gets a `408` written to its socket and the
/// socket shut down; libmicrohttpd then closes it as it would any dead peer.
///
/// Between requests a connection may wait quietly (for `connectionTimeout`, libmicrohttpd's idleness limit): the
/// guard asks the kernel when data last arrived (`TCP_INFO`) and starts the next head's clock once it has. Bytes
/// that arrive within `receiveSlack` (15 ms) of the previous answer are taken for that answer's exchange: such a
/// head is timed from the guard's next look (at most a second later).
///
/// Under pressure (open connections at 90% of the limit or more), heads and idle keep-alive connections get at
/// most one second, and a body must have kept the rate over the last second (give or take an eighth of the window):
/// slots held by slow clients are what a full server needs back first.
///
/// The callbacks of each connection set its deadline (one atomic store); a thread of its own checks every
/// deadline ten times a second. A connection is shut down only while it is registered, under the registry's
/// lock, and libmicrohttpd unregisters it (`NOTIFY_CLOSED`) before it closes the socket: a socket number that
/// has been reused is never touched.
final class SlowClientGuard: @unchecked Sendable {
    let headNanoseconds: Int64
    let minBodyBytesPerSecond: Int
    let bodyWindowNanoseconds: Int64
    let bodyTimeoutNanoseconds: Int64
    let maxConnections: Int
    /// Connections closed for a slow head (including idle keep-alive ones cut under pressure) and slow bodies.
    let closedHeads = Atomic<Int>(0)
    let closedBodies = Atomic<Int>(0)

    private let registry = Mutex<[ObjectIdentifier: WatchedConnection]>([:])
    private let stopped = Atomic<Bool>(false)
    private var thread = JoinableThread()
    private let headTimeoutBytes: [UInt8]
    private let bodyTimeoutBytes: [UInt8]

    static let tick: Int64 = 100_000_000
    static let second: Int64 = 1_000_000_000
    /// How much earlier than the previous answer the kernel may say data last arrived and the connection still be
    /// quiet: the kernel counts in its own ticks (4 ms at HZ 250, 10 ms at HZ 100), so a slack under one tick would
    /// cut idle connections whose last bytes were the previous request's. 15 ms covers a tick at HZ 100.
    static let receiveSlack: Int64 = 15_000_000

    init(headSeconds: Double, minBodyBytesPerSecond: Int, bodyRateWindowSeconds: Double = 10,
         bodyTimeoutSeconds: Double = 0, maxConnections: Int) {
        headNanoseconds = Int64(headSeconds * 1e9)
        self.minBodyBytesPerSecond = minBodyBytesPerSecond
        bodyWindowNanoseconds = max(1, Int64(bodyRateWindowSeconds * 1e9))
        bodyTimeoutNanoseconds = Int64(bodyTimeoutSeconds * 1e9)
        self.maxConnections = maxConnections
        headTimeoutBytes = Self.rawResponse(
            detail: "the request head did not arrive within \(headSeconds) s (--head-timeout)")
        var bodyRule = "the request body arrived slower than \(minBodyBytesPerSecond) bytes a second over"
            + " \(bodyRateWindowSeconds) s (--min-body-bytes-per-second, --body-rate-window)"
        if bodyTimeoutSeconds > 0 { bodyRule += " or took longer than \(bodyTimeoutSeconds) s (--body-timeout)" }
        bodyTimeoutBytes = Self.rawResponse(detail: bodyRule)
    }

    var enabled: Bool { headNanoseconds > 0 || bodiesWatched }
    private var bodiesWatched: Bool { minBodyBytesPerSecond > 0 || bodyTimeoutNanoseconds > 0 }

    /// Starts the checking thread (once).
    func start() {
        guard enabled else { return }
        _ = thread.start { [self] in
            var pause = timespec(tv_sec: 0, tv_nsec: Int(SlowClientGuard.tick))
            while !stopped.load(ordering: .acquiring) {
                nanosleep(&pause, nil)
                check(now: monotonicNanoseconds())
            }
        }
    }

    /// Stops the checking thread and waits for it.
    func stop() {
        guard thread.running else { return }
        stopped.store(true, ordering: .releasing)
        thread.join()
    }

    // MARK: the connection's side (its libmicrohttpd thread)

    func opened(_ connection: WatchedConnection) {
        if headNanoseconds > 0 { connection.set(.head, deadline: monotonicNanoseconds() + headNanoseconds) }
        registry.withLock { $0[ObjectIdentifier(connection)] = connection }
    }

    func closed(_ connection: WatchedConnection) {
        _ = registry.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// The head is in: from now on the body's rule counts (`BodyRateWindow`).
    func headReceived(_ connection: WatchedConnection, now: Int64 = monotonicNanoseconds()) {
        guard bodiesWatched else { return connection.set(.none, deadline: 0) }
        if connection.body == nil {
            connection.body = BodyRateWindow(
                bytesPerSecond: minBodyBytesPerSecond,
                window: bodyWindowNanoseconds,
                pressureWindow: Self.second, total: bodyTimeoutNanoseconds)
        }
        connection.body!.begin(at: now)
        connection.publishBody()
    }

    func bodyReceived(_ connection: WatchedConnection, bytes: Int, now: Int64 = monotonicNanoseconds()) {
        guard bodiesWatched, connection.body != nil else { return }
        connection.body!.record(bytes, at: now)
        connection.publishBody()
    }

    /// The request is whole: the service is the slow one now.
    func requestReceived(_ connection: WatchedConnection) { connection.set(.none, deadline: 0) }

    /// The answer is sent: the connection waits for its next request.
    func requestCompleted(_ connection: WatchedConnection) {
        guard headNanoseconds > 0 else { return connection.set(.none, deadline: 0) }
        connection.set(.idle, deadline: monotonicNanoseconds() + headNanoseconds)
    }

    // MARK: the checking thread

    func check(now: Int64) {
        // Under the registry's lock only what is cheap: which connections are due (atomic loads), so that opening
        // and closing connections never wait on a system call here. The kernel is asked about them afterwards,
        // and a connection is cut under the lock again, only while it is still registered.
        let (due, pressured) = registry.withLock { connections in
            let pressured = maxConnections > 0 && connections.count * 10 >= maxConnections * 9
            let shortHead = min(headNanoseconds > 0 ? headNanoseconds : Self.second, Self.second)
            var due: [(connection: WatchedConnection, state: Int64)] = []
            for connection in connections.values {
                let state = connection.state.load(ordering: .acquiring)
                let (phase, deadline) = WatchedConnection.decode(state)
                guard phase != .none else { continue }
                var at = deadline
                if pressured, phase == .head || phase == .idle || phase == .idleRecheck {
                    at = min(at, connection.phaseStart(phase, deadline: deadline, head: headNanoseconds) + shortHead)
                } else if pressured, phase == .body, minBodyBytesPerSecond > 0 {
                    at = min(at, connection.pressureDeadline.load(ordering: .relaxed))
                }
                if at <= now { due.append((connection, state)) }
            }
            return (due, pressured)
        }
        var cuts: [(connection: WatchedConnection, body: Bool)] = []
        for (connection, state) in due {
            let (phase, deadline) = WatchedConnection.decode(state)
            switch phase {
            case .idle, .idleRecheck:
                // A deadline on a keep-alive connection: close it only if the next head has begun and is late.
                let since = connection.phaseStart(phase, deadline: deadline, head: headNanoseconds)
                let quietMilliseconds = cmhd_ms_since_last_receive(connection.fd)
                if !pressured, quietMilliseconds < 0 || quietMilliseconds * 1_000_000 >= now - since - Self.receiveSlack {
                    _ = connection.replace(state, with: .idleRecheck, deadline: now + min(Self.second, headNanoseconds))
                } else if !pressured, since + headNanoseconds > now {
                    _ = connection.replace(state, with: .head, deadline: since + headNanoseconds)
                } else if connection.replace(state, with: .none, deadline: 0) {
                    cuts.append((connection, false))
                }
            case .head:
                if connection.replace(state, with: .none, deadline: 0) { cuts.append((connection, false)) }
            case .body:
                if connection.replace(state, with: .none, deadline: 0) { cuts.append((connection, true)) }
            case .none:
                break
            }
        }
        guard !cuts.isEmpty else { return }
        registry.withLock { connections in
            // libmicrohttpd unregisters a connection before it closes its socket: a registered one's socket
            // number has not been reused.
            for (connection, body) in cuts where connections[ObjectIdentifier(connection)] === connection {
                if body {
                    cut(connection, bodyTimeoutBytes, closedBodies)
                } else {
                    cut(connection, headTimeoutBytes, closedHeads)
                }
            }
        }
    }

    /// Sends the `408` if the socket takes it at once, then shuts the socket down both ways.
    private func cut(_ connection: WatchedConnection, _ bytes: [UInt8], _ counter: borrowing Atomic<Int>) {
        counter.add(1, ordering: .relaxed)
        _ = bytes.withUnsafeBytes { csocket_send_now(connection.fd, $0.baseAddress, $0.count) }
        csocket_shutdown(connection.fd)
    }

    private static func rawResponse(detail: String) -> [UInt8] {
        let problem = Problem(.requestTimeout, detail: detail)
        let body = problem.response.body.bytes
        var head = "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/problem+json\r\n"
        head += "Connection: close\r\nContent-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + body
    }
}

/// One open connection as the guard sees it: its socket and its phase with that phase's deadline, both in one
/// atomic word (the deadline in nanoseconds on the monotonic clock, shifted; the phase in the low 3 bits).
final class WatchedConnection: @unchecked Sendable {
    enum Phase: Int64 {
        /// No deadline: the service is handling a request.
        case none = 0
        /// Reading a request head.
        case head = 1
        /// Reading a body.
        case body = 2
        /// Between requests; the deadline is the first look at whether a next head has begun.
        case idle = 3
        /// Between requests, looked at before: the deadline is the next look.
        case idleRecheck = 4
    }

    let fd: Int32
    let state = Atomic<Int64>(0)
    /// When the body being read breaks the rule under pressure (valid while the phase is `.body`: stored before it).
    let pressureDeadline = Atomic<Int64>(0)
    /// The body being read (its rule and samples), written by the connection's own thread only.
    var body: BodyRateWindow?
    /// The client's address, when connections per IP are counted (set when the connection opens).
    var address: ConnectionsPerIP.Address?
    /// The verdict on the target of the request being read (`targetReceived`), until its head is in; written by
    /// the connection's own thread only.
    var target: RequestTarget?

    init(fd: Int32) { self.fd = fd }

    /// Publishes the body's deadlines (the connection's own thread).
    func publishBody() {
        guard let body else { return }
        pressureDeadline.store(body.pressureDeadline, ordering: .relaxed)
        set(.body, deadline: body.deadline)
    }

    func set(_ phase: Phase, deadline: Int64) {
        state.store(deadline << 3 | phase.rawValue, ordering: .releasing)
    }

    /// Sets a new phase unless the connection's thread has moved on since `old` was read.
    func replace(_ old: Int64, with phase: Phase, deadline: Int64) -> Bool {
        state.compareExchange(expected: old, desired: deadline << 3 | phase.rawValue, ordering: .acquiringAndReleasing)
            .exchanged
    }

    static func decode(_ state: Int64) -> (Phase, Int64) { (Phase(rawValue: state & 7) ?? .none, state >> 3) }

    /// When the phase began, as far as its deadline tells: a head and the first idle look run `head` long, a
    /// later idle look a second (or `head`, if shorter).
    func phaseStart(_ phase: Phase, deadline: Int64, head: Int64) -> Int64 {
        switch phase {
        case .idleRecheck: deadline - min(SlowClientGuard.second, head)
        default: deadline - head
        }
    }
}

func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
