import CMicroHTTPD
public import HTTPCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on libmicrohttpd: `threads` event loops (`EventLoop`: a daemon and a thread each, epoll, poll
/// on macOS), all accepting from one listen socket, each calling the handler synchronously. Bodies are collected
/// from `upload_data` up to `maxBodyBytes` (413 beyond).
///
/// Life cycle: `init` binds and starts serving; `shutdown` stops accepting, lets requests in flight finish (up to
/// `drainSeconds`), then stops the loops and their daemons.
public final class MicroHTTPServer: @unchecked Sendable {
    public let configuration: ServerConfiguration
    /// The bound port (the real one when `configuration.port` was 0).
    public let port: Int
    let context: ServerContext
    private let listenFD: Int32

    public init(configuration: ServerConfiguration, handler: any HTTPHandler) throws(ServerError) {
        self.configuration = configuration
        let socket = try ListenSocket(host: configuration.host, port: configuration.port)
        port = socket.port
        context = ServerContext(handler: handler, maxBodyBytes: configuration.maxBodyBytes,
                                offloadBodyBytes: configuration.offloadBodyBytes,
                                offload: configuration.offloadBodyBytes > 0
                                    ? WorkerPool(threads: configuration.offloadThreads) : nil,
                                deferredThreads: configuration.offloadBodyBytes > 0 ? configuration.deferredThreads : 0,
                                slowClients: SlowClientGuard(
                                    headSeconds: configuration.headTimeoutSeconds,
                                    minBodyBytesPerSecond: configuration.minBodyBytesPerSecond,
                                    bodyRateWindowSeconds: configuration.bodyRateWindowSeconds,
                                    bodyTimeoutSeconds: configuration.bodyTimeoutSeconds,
                                    maxConnections: configuration.maxConnections),
                                perIP: configuration.maxConnectionsPerIP > 0
                                    ? ConnectionsPerIP(limit: configuration.maxConnectionsPerIP) : nil)
        listenFD = socket.fd
        let contextPointer = Unmanaged.passUnretained(context).toOpaque()
        // Undoes a start that failed part way: no loop is left running, and the listen socket is closed once
        // (quiesced, a daemon leaves it open).
        func abandon(_ loops: [EventLoop], context: ServerContext) -> ServerError {
            context.loops.withLock { $0 = nil }
            for loop in loops { loop.stop() }
            close(socket.fd)
            return .daemonFailed
        }
        // As libmicrohttpd's own pool does: each loop takes its share of the connection limit.
        let threads = max(1, configuration.threads)
        // No MHD_USE_ITC: libmicrohttpd makes no inter-thread channel for a daemon run from outside (EventLoop).
        var loops: [EventLoop] = []
        let flags = cmhd_event_loop_flags() | MHD_USE_ERROR_LOG.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        for index in 0..<threads {
            let share = max(1, configuration.maxConnections / threads
                + (index < configuration.maxConnections % threads ? 1 : 0))
            var options: [MHD_OptionItem] = [
                MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(socket.fd), ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_LIMIT, value: share, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.connectionTimeout, ptr_value: nil),
                MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.connectionMemoryBytes,
                               ptr_value: nil),
                MHD_OptionItem(option: .NOTIFY_COMPLETED, value: unsafeBitCast(requestCompleted, to: Int.self),
                               ptr_value: contextPointer),
                MHD_OptionItem(option: .NOTIFY_CONNECTION, value: unsafeBitCast(notifyConnection, to: Int.self),
                               ptr_value: contextPointer),
                MHD_OptionItem(option: .URI_LOG_CALLBACK, value: unsafeBitCast(targetReceived, to: Int.self),
                               ptr_value: contextPointer),
                MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
            ]
            let daemon = options.withUnsafeMutableBufferPointer {
                cmhd_start_daemon(flags, accessHandler, contextPointer, $0.baseAddress)
            }
            guard let daemon else { throw abandon(loops, context: context) }
            loops.append(EventLoop(daemon: daemon, index: index, listenFD: socket.fd, connectionLimit: share))
        }
        context.loops.withLock { $0 = loops }  // before they run: a resumed request wakes its loop through them
        for loop in loops where !loop.start() { throw abandon(loops, context: context) }
        context.slowClients.start()
    }

    /// Connections closed because their request head did not arrive in time (`headTimeoutSeconds`), or because
    /// their body came slower than `minBodyBytesPerSecond`.
    public var closedSlowHeads: Int { context.slowClients.closedHeads.load(ordering: .relaxed) }
    public var closedSlowBodies: Int { context.slowClients.closedBodies.load(ordering: .relaxed) }

    /// Requests that have started (headers read) and not yet completed.
    public var requestsInFlight: Int { context.inFlight.load(ordering: .acquiring) }

    /// Answers with `Connection: close` from now on, goes on accepting and answering new connections for
    /// `drainAcceptSeconds`, then stops accepting, waits up to `drainSeconds` for requests in flight, and longer for
    /// offloaded ones, then stops the loops and closes the socket. Call once.
    public func shutdown() {
        guard let loops = context.loops.withLock({ $0 }) else { return }
        context.draining.store(true, ordering: .releasing)
        let acceptUntil = monotonicNanoseconds() + Int64(configuration.drainAcceptSeconds * 1e9)
        while monotonicNanoseconds() < acceptUntil { usleep(10_000) }
        // Quiescing hands the listen socket back; closing it now makes new connections fail fast instead of
        // waiting in the kernel's backlog for an accept that never comes.
        // A loop still in a handler after a second quiesces when it is stopped; the socket is closed after that.
        var quiet = true
        for loop in loops where !loop.quiesce() { quiet = false }
        if quiet { close(listenFD) }
        // libmicrohttpd aborts the process when a daemon stops with a connection suspended: past `drainSeconds`, the
        // offloaded requests (each bounded by its own limits) are still waited for.
        var waited = 0.0
        while context.inFlight.load(ordering: .acquiring) > 0 && waited < configuration.drainSeconds
            || context.suspended.load(ordering: .acquiring) > 0 {
            usleep(5_000)
            waited += 0.005
        }
        // Forgotten before stopping: an offload thread wakes a loop under this lock, never through a closed
        // descriptor (whose number may be reused).
        context.loops.withLock { $0 = nil }
        for loop in loops { loop.stop() }
        if !quiet { close(listenFD) }
        context.slowClients.stop()
        context.stopPools()
    }

    deinit { shutdown() }
}

/// What the C callbacks reach through their `cls` pointer.
final class ServerContext: Sendable {
    let handler: any HTTPHandler
    let maxBodyBytes: Int
    let offloadBodyBytes: Int
    /// Where large bodies and POSTs are handled.
    let offload: WorkerPool?
    /// Where work that handlers defer off the event loops runs (`HTTPResponse.offLoop`): threads of their own, so
    /// that a GET waiting for a preparation never waits behind POSTs (which may wait seconds for room); made on
    /// first use (0 threads: none, the work runs on the loop).
    private let deferredThreads: Int
    private let deferred = Mutex<WorkerPool?>(nil)
    let slowClients: SlowClientGuard
    /// Open connections per client address, when they are limited.
    let perIP: ConnectionsPerIP?
    let inFlight = Atomic<Int>(0)
    /// Connections suspended while the offload pool handles their request (until the pool resumes them).
    let suspended = Atomic<Int>(0)
    let draining = Atomic<Bool>(false)
    /// The server's event loops: set before they run, forgotten when shutdown stops them.
    let loops = Mutex<[EventLoop]?>(nil)

    init(handler: any HTTPHandler, maxBodyBytes: Int, offloadBodyBytes: Int, offload: WorkerPool?,
         deferredThreads: Int, slowClients: SlowClientGuard, perIP: ConnectionsPerIP?) {
        self.handler = handler
        self.maxBodyBytes = maxBodyBytes
        self.offloadBodyBytes = offloadBodyBytes
        self.offload = offload
        self.deferredThreads = deferredThreads
        self.slowClients = slowClients
        self.perIP = perIP
    }

    /// The pool of deferred work (nil when there is none).
    var deferredPool: WorkerPool? {
        guard deferredThreads > 0 else { return nil }
        return deferred.withLock { pool in
            if let pool { return pool }
            let made = WorkerPool(threads: deferredThreads)
            pool = made
            return made
        }
    }

    /// Ends the pools' threads (at shutdown, once no request is offloaded).
    func stopPools() {
        offload?.stop()
        deferred.withLock { $0 }?.stop()
    }

    /// Wakes the loop that runs `daemon`: libmicrohttpd signals a resumed connection only to loops of its own
    /// (it has no inter-thread channel for a daemon run from outside).
    func wakeLoop(running daemon: OpaquePointer?) {
        guard let daemon else { return }
        loops.withLock { $0?.first { $0.daemon == daemon }?.wakeUp() }
    }
}

/// Per-request state, kept in libmicrohttpd's `*con_cls` from the first callback to the completion callback.
/// An offloaded request's answer is written by a pool thread before it resumes the connection, and read by the
/// event loop after (libmicrohttpd's resume orders the two).
final class RequestState: @unchecked Sendable {
    enum Phase {
        /// Collecting the body (if any) into `body`.
        case receiving
        /// The body went over `maxBodyBytes`: counting what is dropped until the 413 can be sent.
        case discarding(bytes: Int)
        /// Handled on the offload pool, the connection suspended.
        case offloaded
        /// The pool's answer, to queue once the connection is resumed.
        case answered(HTTPResponse)
    }

    var phase = Phase.receiving
    var body: [UInt8] = []
}
