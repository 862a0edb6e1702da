@testable import MicroHTTPServer
import Testing

/// `LoopScalingPolicy` on literal loads, and the readers of the kernel's accounting on literal `/proc` text.
struct LoopScalingTests {
    /// One thread busy, and the machine with a processor idle: a second thread after two periods, then a hold.
    @Test func growsWhenEveryThreadIsBusyAndAProcessorIsIdle() {
        var policy = LoopScalingPolicy(maxThreads: 2)
        let load = LoopLoad(busy: [0.97], waitingForProcessor: [0.01], idleProcessors: 0.95)
        #expect(policy.next(active: 1, load: load) == 1)
        #expect(policy.next(active: 1, load: load) == 2)
        #expect(policy.next(active: 2, load: load) == 2)  // never past maxThreads
    }

    /// A load generator on the same 2-core machine: one thread busy, the other processor taken (wrk): no second
    /// thread, however long it lasts.
    @Test func staysWhenNoProcessorIsIdle() {
        var policy = LoopScalingPolicy(maxThreads: 2)
        let load = LoopLoad(busy: [1.0], waitingForProcessor: [0.05], idleProcessors: 0.12)
        for _ in 0..<50 { #expect(policy.next(active: 1, load: load) == 1) }
    }

    /// Idle processors but a thread that is not busy: the work fits.
    @Test func staysWhenTheThreadsHaveRoom() {
        var policy = LoopScalingPolicy(maxThreads: 4)
        let load = LoopLoad(busy: [0.6, 0.95], waitingForProcessor: [0, 0], idleProcessors: 2)
        for _ in 0..<10 { #expect(policy.next(active: 2, load: load) == 2) }
    }

    /// Two threads that wait for a processor a third of the time: one fewer after four periods, then a hold of
    /// four, then one fewer again only if it still holds (never below 1).
    @Test func shrinksWhenTheThreadsWaitForProcessors() {
        var policy = LoopScalingPolicy(maxThreads: 3)
        let contended = LoopLoad(busy: [0.9, 0.9, 0.9], waitingForProcessor: [0.3, 0.35, 0.4], idleProcessors: 0)
        for _ in 0..<3 { #expect(policy.next(active: 3, load: contended) == 3) }
        #expect(policy.next(active: 3, load: contended) == 2)
        for _ in 0..<4 { #expect(policy.next(active: 2, load: contended) == 2) }  // the hold
        for _ in 0..<3 { #expect(policy.next(active: 2, load: contended) == 2) }
        #expect(policy.next(active: 2, load: contended) == 1)
        for _ in 0..<20 { #expect(policy.next(active: 1, load: contended) == 1) }
    }

    /// Two threads whose work would fit in one with room: one fewer. A busy period in between starts the count
    /// again.
    @Test func shrinksWhenTheWorkFitsInFewer() {
        var policy = LoopScalingPolicy(maxThreads: 2)
        let light = LoopLoad(busy: [0.2, 0.25], waitingForProcessor: [0, 0], idleProcessors: 1.5)
        let heavy = LoopLoad(busy: [0.7, 0.6], waitingForProcessor: [0, 0], idleProcessors: 0.6)
        for _ in 0..<3 { #expect(policy.next(active: 2, load: light) == 2) }
        #expect(policy.next(active: 2, load: heavy) == 2)
        for _ in 0..<3 { #expect(policy.next(active: 2, load: light) == 2) }
        #expect(policy.next(active: 2, load: light) == 1)
    }

    /// A busy period, then a lull, then busy again: growing needs two busy periods in a row.
    @Test func growingNeedsPeriodsInARow() {
        var policy = LoopScalingPolicy(maxThreads: 2)
        let busy = LoopLoad(busy: [0.9], waitingForProcessor: nil, idleProcessors: 1)
        let quiet = LoopLoad(busy: [0.3], waitingForProcessor: nil, idleProcessors: 1.6)
        #expect(policy.next(active: 1, load: busy) == 1)
        #expect(policy.next(active: 1, load: quiet) == 1)
        #expect(policy.next(active: 1, load: busy) == 1)
        #expect(policy.next(active: 1, load: busy) == 2)
    }

    /// A period without the machine's idle time changes nothing, however busy.
    @Test func aPeriodWithoutTheMachinesIdleTimeChangesNothing() {
        var policy = LoopScalingPolicy(maxThreads: 3)
        let unknown = LoopLoad(busy: [1, 1], waitingForProcessor: [0.5, 0.5], idleProcessors: nil)
        for _ in 0..<10 { #expect(policy.next(active: 2, load: unknown) == 2) }
    }

    /// Loop j runs on thread j while it is active, else on an active one.
    @Test func loopsOfParkedThreadsRunOnActiveOnes() {
        #expect((0..<4).map { EventLoops.thread(for: $0, active: 1) } == [0, 0, 0, 0])
        #expect((0..<4).map { EventLoops.thread(for: $0, active: 2) } == [0, 1, 0, 1])
        #expect((0..<5).map { EventLoops.thread(for: $0, active: 3) } == [0, 1, 2, 0, 1])
        #expect((0..<4).map { EventLoops.thread(for: $0, active: 4) } == [0, 1, 2, 3])
    }

    /// The load of a period from two readings: shares of the period, clamped to 1; the idle processors from the
    /// clock ticks.
    @Test func aPeriodsLoadFromTwoReadings() {
        let before = LoopScaler.Reading(time: 1_000_000_000, running: [0, 5_000, 0], waiting: [100, 0, nil],
                                        idleTicks: 1_000)
        let ticks = UInt64(ProcessorAccounting.ticksPerSecond / 4)  // a quarter of a second's ticks: 0.5 processors
        let after = LoopScaler.Reading(time: 1_500_000_000, running: [400_000_000, 900_000_000, 0],
                                       waiting: [50_000_100, 250_000_000, nil], idleTicks: 1_000 + ticks)
        let load = LoopScaler.load(from: before, to: after, active: 2)
        #expect(load.busy == [0.8, 1])
        #expect(load.waitingForProcessor == [0.1, 0.5])
        #expect(abs((load.idleProcessors ?? 0) - 0.5) < 0.01)
        // A thread whose schedstat cannot be read: no waiting figures at all.
        #expect(LoopScaler.load(from: before, to: after, active: 3).waitingForProcessor == nil)
    }

    @Test func procStatsFirstLine() {
        let text = "cpu  10132153 290696 3084719 46828483 16683 0 25195 0 175628 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n"
        #expect(ProcessorAccounting.idleTicks(procStat: Array(text.utf8)) == 46_828_483 + 16_683)
        #expect(ProcessorAccounting.idleTicks(procStat: Array("cpu0 1 2 3 4 5\n".utf8)) == nil)
        #expect(ProcessorAccounting.idleTicks(procStat: Array("cpu  1 2 3\n".utf8)) == nil)
        #expect(ProcessorAccounting.idleTicks(procStat: Array("cpu  1 2 3 x 5 6\n".utf8)) == nil)
    }

    @Test func schedstatFields() {
        let fields = ProcessorAccounting.schedstat(Array("229411 89243 17\n".utf8))
        #expect(fields?.running == 229_411)
        #expect(fields?.waiting == 89_243)
        #expect(ProcessorAccounting.schedstat(Array("12\n".utf8)) == nil)
    }

    /// On this machine: `/proc/stat` reads, and read again from the start gives the counts anew; this thread's
    /// schedstat too, its running time growing while it runs.
    @Test func theKernelsAccountingReadsAgainFromTheStart() {
        #if os(Linux)
        let stat = ProcFile("/proc/stat")
        let first = stat?.read().flatMap { ProcessorAccounting.idleTicks(procStat: $0) }
        #expect(first != nil)
        #expect((stat?.read().flatMap { ProcessorAccounting.idleTicks(procStat: $0) } ?? 0) >= first ?? .max)
        let own = ProcFile("/proc/thread-self/schedstat")
        let before = own?.read().flatMap { ProcessorAccounting.schedstat($0) }
        var spin = 0
        for i in 0..<20_000_000 { spin &+= i }
        #expect(spin != 0)
        let after = own?.read().flatMap { ProcessorAccounting.schedstat($0) }
        #expect((after?.running ?? 0) > (before?.running ?? .max))
        #endif
    }
}
