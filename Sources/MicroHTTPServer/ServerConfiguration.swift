/// How the HTTP server listens and what it tolerates. Every field is a flag of `layout-service`.
public struct ServerConfiguration: Sendable {
    /// IPv4 or IPv6 address to bind (`0.0.0.0`, `127.0.0.1`, `::`).
    public var host = "0.0.0.0"
    /// TCP port; 0 picks a free one (see `MicroHTTPServer.port`).
    public var port = 8080
    /// Event loops (`EventLoop`: one libmicrohttpd daemon and one thread each, all accepting from one socket).
    public var threads = 2
    /// The largest request body accepted; larger ones get a 413.
    public var maxBodyBytes = 32 << 20
    /// Open connections in total, shared out between the event loops (beyond it, new ones wait in the backlog).
    public var maxConnections = 1024
    /// Open connections per client IP, across all event loops; 0 means no limit (use 0 behind a load balancer).
    public var maxConnectionsPerIP = 0
    /// Seconds a connection may stay idle before it is closed; 0 means never.
    public var connectionTimeout = 30
    /// Seconds a request head may take to arrive whole, from the connection's opening or from the previous
    /// answer on it once its next head has begun (libmicrohttpd's `connectionTimeout` measures idleness only);
    /// 0 turns it off. Late connections get a 408 and are closed.
    public var headTimeoutSeconds = 10.0
    /// Bytes a second a request body must keep arriving at, over every `bodyRateWindowSeconds` (an early burst
    /// buys at most one window); 0 turns it off. Under connection pressure (90% of `maxConnections`), over the last
    /// second. Slower bodies get a 408 and are closed.
    public var minBodyBytesPerSecond = 1024
    /// The window over which `minBodyBytesPerSecond` is kept (a body that stalls is cut at most this long after its
    /// last bytes, and an eighth of it later).
    public var bodyRateWindowSeconds = 10.0
    /// The most a request body may take to arrive in all, from the end of its head; 0 means no limit.
    public var bodyTimeoutSeconds = 300.0
    /// Per-connection memory for the request head and buffers; larger heads get a 431 (8 KiB admits heads of
    /// about 7.5 KB). libmicrohttpd clears all of it between requests on a connection, so it costs time per request
    /// in proportion, and displaces as much of the level-1 data cache. Raise it for clients that send large
    /// cookies.
    public var connectionMemoryBytes = 8 << 10
    /// Requests whose body is at least this large (the heavy ones: a spec to parse, hash and prepare), and every
    /// POST (it may wait for room in the service's POST queue), are handled on `offloadThreads` threads of their
    /// own, their connection suspended meanwhile, so that the event loop they arrived on goes on serving its other
    /// connections: a waiting POST never holds up a query. The work a handler defers off the event loop
    /// (`HTTPResponse.offLoop`: the service's layout to prepare again, an archive read) runs on a second pool,
    /// of `deferredThreads`. 0 turns both off (everything on the event loops, deferred work included).
    public var offloadBodyBytes = 64 << 10
    public var offloadThreads = 2
    /// Threads for the work handlers defer off the event loops (`HTTPResponse.offLoop`), made on first use. More
    /// than the offload pool's: requests for one layout being prepared wait for that preparation on one of these
    /// threads each (the store prepares an id once), and the others go on.
    public var deferredThreads = 4
    /// How long `shutdown` waits for requests in flight (offloaded ones, which hold a suspended connection, are
    /// waited for to the end: libmicrohttpd cannot stop a daemon with one).
    public var drainSeconds = 10.0
    /// How long `shutdown` goes on accepting and answering new connections before it closes the listener (answers
    /// carry `Connection: close` meanwhile): the time a balancer needs to see `/readyz` fail and send no more, so
    /// that no connection is left in the listener's backlog to be reset when it closes. 0 closes it at once.
    public var drainAcceptSeconds = 0.0

    public init() {}
}

public enum ServerError: Error, CustomStringConvertible {
    case invalidHost(String)
    case socket(String, errno: Int32)
    case daemonFailed

    public var description: String {
        switch self {
        case .invalidHost(let host): "not an IPv4 or IPv6 address: \(host)"
        case .socket(let step, let errno): "\(step) failed (errno \(errno))"
        case .daemonFailed: "libmicrohttpd did not start (see its log above)"
        }
    }
}
