import Synchronization

/// The server's event loops (a libmicrohttpd daemon each, `--threads` of them) and the threads that run them (as
/// many), of which the first `active` run: loop j is run by thread j while that thread is active, and by an active
/// one (j modulo `active`) while it is parked. `LoopScaler` sets `active` from how busy the threads are and whether
/// the machine has a processor free for another.
///
/// Why: two threads that share one processor take turns by the scheduler's time slices, and each one's connections
/// wait out the other's slice; a thread that catches up with its share of the work sleeps and is woken again, at a
/// context switch a wake. On a 2-core machine shared with its load generator one thread answered 256 connections
/// with a p99 of 4.1-4.8 ms, two with 7.6-8.5 (docs/performance.md). The daemons stay, with their connections:
/// only who runs them changes, so a parked thread's connections are served, and woken again, without moving.
final class EventLoops: @unchecked Sendable {
    let loops: [EventLoop]
    private(set) var threads: [LoopThread] = []
    /// The threads that run, which is the whole assignment (`thread(for:active:)`): a thread looks at its loops
    /// again when it changes.
    private let activeCount: Atomic<Int>
    let changes = Atomic<Int>(0)

    init(loops: [EventLoop]) {
        self.loops = loops
        activeCount = Atomic(loops.count)
        threads = loops.indices.map { LoopThread(index: $0, group: self, loops: loops.count) }
    }

    /// Threads that run loops now (the others are parked).
    var active: Int { activeCount.load(ordering: .acquiring) }

    /// The thread that runs loop `loop` when `active` threads run.
    static func thread(for loop: Int, active: Int) -> Int { loop < active ? loop : loop % active }

    /// Runs the loops on the first `count` threads (1 to the number of loops), parking the others.
    func setActive(_ count: Int) {
        let count = min(max(1, count), loops.count)
        guard count != activeCount.load(ordering: .acquiring) else { return }
        activeCount.store(count, ordering: .releasing)
        changes.add(1, ordering: .relaxed)
        for thread in threads { thread.notify() }
    }

    /// Starts every thread (each takes its own loop first); false when one could not be made.
    func start() -> Bool {
        for thread in threads where !thread.start() { return false }
        return true
    }

    /// Ends the threads, then stops the daemons (which close their connections).
    func stop() {
        for thread in threads { thread.stop() }
        for loop in loops { loop.stop() }
    }

    /// The loop that runs `daemon`, if any.
    func loop(running daemon: OpaquePointer) -> EventLoop? { loops.first { $0.daemon == daemon } }
}
