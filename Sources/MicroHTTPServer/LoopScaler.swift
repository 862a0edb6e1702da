import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sets how many of the server's loop threads run (`EventLoops.setActive`), once a period (250 ms), from what
/// `LoopScalingPolicy` makes of the period: the threads' time on a processor and waiting for one (the kernel's
/// schedstat) and the machine's idle time (`/proc/stat`). The service starts with one
/// thread running and grows while every running thread is busy and a processor is idle for one more.
final class LoopScaler: @unchecked Sendable {
    private let group: EventLoops
    private let periodMilliseconds: Int32
    private let stopRequested = Atomic<Bool>(false)
    private let signal = cmhd_wake_open()
    private var thread = JoinableThread()
    /// `/proc/stat`, and each loop thread's schedstat (opened by `start`): read by the scaling thread.
    private let procStat = ProcFile("/proc/stat")
    private var schedstats: [ProcFile?]

    init(group: EventLoops, periodMilliseconds: Int32 = 250) {
        self.group = group
        self.periodMilliseconds = periodMilliseconds
        schedstats = Array(repeating: nil, count: group.threads.count)
    }

    deinit { if signal >= 0 { close(signal) } }

    /// Once the loop threads run: opens each one's schedstat (every file the scaler reads is opened now, so the
    /// process's descriptors are settled when the server starts serving), runs one thread, and starts the scaling
    /// thread (false when it could not be made; every thread then runs). Where `/proc` cannot be read, every thread
    /// runs and nothing is started.
    func start() -> Bool {
        #if os(Linux)
        guard group.threads.count > 1, let text = procStat?.read(),
              ProcessorAccounting.idleTicks(procStat: text) != nil else { return true }
        for (i, thread) in group.threads.enumerated() {
            var id = thread.kernelThreadID.load(ordering: .acquiring)
            for _ in 0..<1000 where id == 0 {
                usleep(1000)
                id = thread.kernelThreadID.load(ordering: .acquiring)
            }
            if id > 0 { schedstats[i] = ProcFile("/proc/self/task/\(id)/schedstat") }
        }
        group.setActive(1)
        guard thread.start({ [self] in run() }) else {
            group.setActive(group.threads.count)
            return false
        }
        #endif
        return true
    }

    func stop() {
        guard thread.running else { return }
        stopRequested.store(true, ordering: .releasing)
        cmhd_wake(signal)
        thread.join()
    }

    /// One period's readings: each thread's nanoseconds on a processor and waiting for one (nil: unknown).
    struct Reading {
        var time: Int64
        var running: [UInt64]
        var waiting: [UInt64?]
        var idleTicks: UInt64?
    }

    private func read() -> Reading {
        let times = schedstats.map { $0?.read().flatMap { ProcessorAccounting.schedstat($0) } }
        return Reading(time: monotonicNanoseconds(), running: times.map { $0?.running ?? 0 },
                       waiting: times.map { $0?.waiting },
                       idleTicks: procStat?.read().flatMap { ProcessorAccounting.idleTicks(procStat: $0) })
    }

    /// The load of the `active` threads between two readings.
    static func load(from before: Reading, to after: Reading, active: Int) -> LoopLoad {
        let span = Double(max(1, after.time - before.time))
        let threads = 0..<min(active, after.running.count)
        let busy = threads.map { min(1, Double(after.running[$0] &- before.running[$0]) / span) }
        var waiting: [Double]? = []
        for i in threads {
            guard let a = after.waiting[i], let b = before.waiting[i] else { waiting = nil; break }
            waiting?.append(min(1, Double(a &- b) / span))
        }
        var idle: Double?
        if let a = after.idleTicks, let b = before.idleTicks {
            idle = Double(a &- b) / ProcessorAccounting.ticksPerSecond / (span / 1e9)
        }
        return LoopLoad(busy: busy, waitingForProcessor: waiting, idleProcessors: idle)
    }

    private func run() {
        "http-scaler".withCString { cmhd_name_this_thread($0) }
        var policy = LoopScalingPolicy(maxThreads: group.threads.count)
        var before = read()
        while !stopRequested.load(ordering: .acquiring) {
            var wait = pollfd(fd: signal, events: Int16(POLLIN), revents: 0)
            _ = poll(&wait, 1, periodMilliseconds)
            let after = read()
            let active = group.active
            group.setActive(policy.next(active: active, load: Self.load(from: before, to: after, active: active)))
            before = after
        }
    }
}
