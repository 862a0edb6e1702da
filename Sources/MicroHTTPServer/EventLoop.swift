import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libmicrohttpd daemon run from outside, on a thread of its own: the server has one per `--threads`, all
/// accepting from the same listen socket, as libmicrohttpd's own thread pool does.
///
/// Why not libmicrohttpd's own threads: in 0.9.75 (Debian 12), its epoll loop (`MHD_epoll` in daemon.c) empties
/// the kernel's queue while a wait returns a full array of 128 events, and makes that next wait with the loop's
/// blocking timeout. When exactly 128 connections are ready at once, it sleeps on all of them until some other
/// event arrives, or until a connection's idle timeout (30 s by default): with one thread, 128 clients at once
/// hang it; with two, a thread that holds 128 of 256 connections can. Here the blocking wait is the thread's (`poll`
/// on the daemon's epoll set, which consumes no event), and libmicrohttpd's `MHD_run` never blocks.
/// `EventLoopTests` makes exactly 128 connections ready at once.
///
/// Every call on the daemon is made by the loop's thread, but `MHD_resume_connection` (from an offload thread,
/// which then calls `wakeUp`: libmicrohttpd has no inter-thread channel for a daemon run from outside) and
/// `MHD_stop_daemon` once the thread has ended.
final class EventLoop: @unchecked Sendable {
    let daemon: OpaquePointer
    let index: Int
    private let quiesceRequested = Atomic<Bool>(false)
    private let quiesced = Atomic<Bool>(false)
    private let stopRequested = Atomic<Bool>(false)
    /// Ends the thread's wait early, for `quiesce`, `stop` and resumed connections (-1 where the wait is bounded
    /// instead).
    private let wake = cmhd_wake_open()
    private var thread = JoinableThread()

    /// The daemon's epoll set (read once), the shared listen socket, and this daemon's share of the connection
    /// limit (see `prepareWait`).
    private let epollFD: Int32
    private let listenFD: Int32
    private let connectionLimit: UInt32
    /// The thread's, from `prepareWait` to `serve`: the number of connections at which the process ran out of
    /// descriptors to accept, or `UInt32.max`; the connections before the wait; what the wait watched.
    private var stalledAt = UInt32.max
    private var before: UInt32 = 0
    private var watchesListen = false
    private var retrying = false

    /// Takes a started daemon (external event loop: no `MHD_USE_INTERNAL_POLLING_THREAD`).
    init(daemon: OpaquePointer, index: Int, listenFD: Int32, connectionLimit: Int) {
        self.daemon = daemon
        self.index = index
        epollFD = cmhd_epoll_fd(daemon)
        self.listenFD = listenFD
        self.connectionLimit = UInt32(clamping: connectionLimit)
    }

    /// Starts the loop's thread (once); false when the system would not make it.
    func start() -> Bool {
        thread.start { [self] in
            "http-loop-\(index)".withCString { cmhd_name_this_thread($0) }
            run()
        }
    }

    /// Asks the loop to stop accepting new connections, and says whether it has done so within a second (it may be
    /// in a long handler): only then does the listen socket belong to the caller again, to close.
    func quiesce() -> Bool {
        quiesceRequested.store(true, ordering: .releasing)
        cmhd_wake(wake)
        for _ in 0..<1000 where !quiesced.load(ordering: .acquiring) { usleep(1000) }
        return quiesced.load(ordering: .acquiring)
    }

    /// Ends the loop's wait, so that it runs the daemon (after `MHD_resume_connection`).
    func wakeUp() { cmhd_wake(wake) }

    /// The daemon's connections now (read from any thread: a count that may be a moment old).
    var connections: Int { Int(cmhd_connection_count(daemon)) }

    /// Ends the loop's thread and waits for it, then stops the daemon (which closes its connections).
    func stop() {
        stopRequested.store(true, ordering: .releasing)
        cmhd_wake(wake)
        thread.join()
        // A daemon that still has the shared listen socket would close it: quiesced, it leaves it to the caller.
        if !quiesced.load(ordering: .acquiring) {
            _ = MHD_quiesce_daemon(daemon)
            quiesced.store(true, ordering: .releasing)
        }
        MHD_stop_daemon(daemon)
        if wake >= 0 { close(wake) }
    }

    /// The loop's thread: waits for the daemon's descriptors (or its timeout), then runs it once, until stopped.
    private func run() {
        #if os(Linux)
        let fds = UnsafeMutablePointer<pollfd>.allocate(capacity: 3)
        defer { fds.deallocate() }
        while !stopRequested.load(ordering: .acquiring) {
            let waited = prepareWait(fds)
            let ready = poll(fds, 3, waited)
            serve(fds, waited: waited, timedOut: ready == 0)
        }
        #else
        while !stopRequested.load(ordering: .acquiring) { runOnce() }
        #endif
    }

    /// At the start of a turn: stops accepting when `quiesce` asked for it.
    private func quiesceIfAsked() {
        if quiesceRequested.load(ordering: .acquiring), !quiesced.load(ordering: .relaxed) {
            _ = MHD_quiesce_daemon(daemon)
            quiesced.store(true, ordering: .releasing)
        }
    }

    #if os(Linux)
    /// A turn, before its wait: quiesces the daemon when asked, fills `fds` (three slots: the daemon's
    /// epoll set, which `poll` reports without consuming an event; `wake`; the listen socket, see below) and
    /// answers how long the daemon may wait, in milliseconds (-1: until an event).
    ///
    /// A daemon at its connection limit takes the listen socket out of its epoll set, and puts it back only when it
    /// next runs: so while it has fewer than its share of connections, the wait also watches the listen socket
    /// itself, and a connection waiting in the backlog for a freed slot wakes it.
    ///
    /// Out of descriptors (`EMFILE`), libmicrohttpd cannot accept, and takes the listen socket out of its set until
    /// one of its connections closes: watched here, the socket would stay ready and the loop spin. So when a turn
    /// finds the listen socket ready, accepts nothing, and the process is out of descriptors (another loop taking
    /// the connection first is not that), `stalledAt` keeps the number of connections, and the socket is not
    /// watched again until that number changes. A daemon with no connection keeps the listen socket in its set even
    /// then (libmicrohttpd would busy-wait): stalled, it tries again every 100 ms, and waits for nothing else (it
    /// has nothing else to serve). `Tests/e2e/test_descriptor_limit.py` runs out of descriptors.
    private func prepareWait(_ fds: UnsafeMutablePointer<pollfd>) -> Int32 {
        quiesceIfAsked()
        // Once quiesced, the listen socket is the caller's (and soon closed): never watched again.
        let listening = !quiesced.load(ordering: .relaxed)
        before = cmhd_connection_count(daemon)
        let stalled = before == stalledAt
        retrying = stalled && before == 0 && listening
        watchesListen = listening && before < connectionLimit && !stalled
        let readable = Int16(POLLIN)
        fds[0] = pollfd(fd: retrying ? -1 : epollFD, events: readable, revents: 0)
        fds[1] = pollfd(fd: wake, events: readable, revents: 0)
        fds[2] = pollfd(fd: watchesListen ? listenFD : -1, events: readable, revents: 0)
        if retrying { return 100 }
        var timeout: UInt64 = 0
        return MHD_get_timeout(daemon, &timeout) == .YES ? Int32(min(timeout, 60_000)) : -1
    }

    /// A turn, after its wait: runs the daemon once without blocking (`MHD_run`) when one of its
    /// descriptors is ready or its timeout (`waited`: what `prepareWait` answered) has passed, and keeps track of
    /// running out of descriptors (see `prepareWait`).
    private func serve(_ fds: UnsafePointer<pollfd>, waited: Int32, timedOut: Bool) {
        let ready = fds[0].revents != 0 || fds[1].revents != 0 || fds[2].revents != 0
        guard ready || waited == 0 || timedOut else { return }
        if fds[1].revents != 0 {
            var count: UInt64 = 0
            _ = read(wake, &count, MemoryLayout<UInt64>.size)
        }
        MHD_run(daemon)
        guard watchesListen || retrying else { return }
        var outOfDescriptors = false
        if fds[2].revents != 0 || retrying, cmhd_connection_count(daemon) == before {
            let probe = dup(listenFD)
            outOfDescriptors = probe < 0 && (errno == EMFILE || errno == ENFILE)
            if probe >= 0 { close(probe) }
        }
        stalledAt = outOfDescriptors ? before : .max
    }
    #else
    /// Elsewhere (poll mode: no blocking drain loop to avoid), a turn runs the daemon for at most 50 ms.
    private func runOnce() {
        quiesceIfAsked()
        MHD_run_wait(daemon, 50)
    }
    #endif
}
