import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread that runs the event loops assigned to it (`EventLoops`): its own loop while it is active, its own and
/// those of parked threads when others are parked, none while it is parked itself. One turn waits on every loop it
/// holds at once (`poll`), then runs each daemon that has work.
///
/// A loop changes threads only through its `holder`: the thread it was assigned to takes it once the one before
/// has let go of it, at the start of a turn, and is signalled by that one. So a daemon is never run by two threads
/// at once, and its connections never move: a parked thread's loop keeps them, served by another thread.
final class LoopThread: @unchecked Sendable {
    let index: Int
    /// The thread's kernel id (0 until it runs): `LoopScaler` reads its schedstat.
    let kernelThreadID = Atomic<Int32>(0)
    private unowned let group: EventLoops
    private let stopRequested = Atomic<Bool>(false)
    /// Ends the wait when the loops assigned to this thread change, or to stop (-1 where waits are bounded).
    private let signal = cmhd_wake_open()
    private var thread = JoinableThread()

    /// The thread's own, between turns: the loops it holds, whether an assigned loop is not yet let go of, the
    /// number of running threads it last read (the assignment), and its wait's descriptors (room for every loop:
    /// none is allocated a turn).
    private var held: [EventLoop] = []
    private var waitingForLoop = false
    private var seenActive = -1
    private let fds: UnsafeMutablePointer<pollfd>
    private let waits: UnsafeMutablePointer<Int32>
    private let order: UnsafeMutablePointer<Int>

    init(index: Int, group: EventLoops, loops: Int) {
        self.index = index
        self.group = group
        held.reserveCapacity(loops)
        fds = .allocate(capacity: 1 + EventLoop.descriptorsPerLoop * loops)
        waits = .allocate(capacity: loops)
        order = .allocate(capacity: loops)
    }

    deinit {
        fds.deallocate()
        waits.deallocate()
        order.deallocate()
        if signal >= 0 { close(signal) }
    }

    /// Starts the thread (once); false when the system would not make it.
    func start() -> Bool {
        thread.start { [self] in
            "http-loop-\(index)".withCString { cmhd_name_this_thread($0) }
            kernelThreadID.store(cmhd_thread_id(), ordering: .releasing)
            run()
        }
    }

    /// Ends the wait: the assignment changed, or a loop this thread waits for was let go of.
    func notify() { cmhd_wake(signal) }

    /// Ends the thread and waits for it; the loops it held are let go of.
    func stop() {
        stopRequested.store(true, ordering: .releasing)
        notify()
        thread.join()
    }

    private func run() {
        while !stopRequested.load(ordering: .acquiring) {
            takeAssignedLoops()
            #if os(Linux)
            let perLoop = EventLoop.descriptorsPerLoop
            fds[0] = pollfd(fd: signal, events: Int16(POLLIN), revents: 0)
            var timeout: Int32 = -1
            for (i, loop) in held.enumerated() {
                let wait = loop.prepareWait(fds + 1 + perLoop * i)
                waits[i] = wait
                if wait >= 0, timeout < 0 || wait < timeout { timeout = wait }
            }
            let ready = poll(fds, nfds_t(1 + perLoop * held.count), timeout)
            if ready > 0, fds[0].revents != 0 {
                var count: UInt64 = 0
                _ = read(signal, &count, MemoryLayout<UInt64>.size)
            }
            // Fewest connections first: a daemon accepts up to 10 waiting connections when it runs, so the
            // connections of a thread that runs several loops spread over them, ready for a thread to take.
            let count = held.count
            for i in 0..<count {
                var j = i
                while j > 0, held[order[j - 1]].before > held[i].before {
                    order[j] = order[j - 1]
                    j -= 1
                }
                order[j] = i
            }
            for k in 0..<count {
                let i = order[k]
                held[i].serve(fds + 1 + perLoop * i, waited: waits[i], timedOut: ready == 0)
            }
            #else
            if held.isEmpty { usleep(50_000) }
            for loop in held { loop.runOnce() }
            #endif
        }
        for loop in held { loop.holder.store(-1, ordering: .releasing) }
        held.removeAll()
    }

    /// At the start of a turn, after the assignment changed (or while a loop assigned here is still held by the
    /// thread before): lets go of the loops no longer assigned to this thread, signalling the others (the thread a
    /// loop goes to may have looked before it was let go of; it is rare, so every thread is told), and takes those
    /// assigned to it that are free.
    private func takeAssignedLoops() {
        let active = group.active
        guard active != seenActive || waitingForLoop else { return }
        seenActive = active
        waitingForLoop = false
        held.removeAll(keepingCapacity: true)
        var letGo = false
        for loop in group.loops {
            let holder = loop.holder.load(ordering: .acquiring)
            if EventLoops.thread(for: loop.index, active: active) == index {
                if holder == index
                    || loop.holder.compareExchange(expected: -1, desired: index, ordering: .acquiringAndReleasing)
                        .exchanged {
                    held.append(loop)
                } else {
                    waitingForLoop = true  // its holder lets go at its next turn, and signals this thread
                }
            } else if holder == index {
                loop.holder.store(-1, ordering: .releasing)
                letGo = true
            }
        }
        if letGo {
            for thread in group.threads where thread !== self { thread.notify() }
        }
    }
}
