/// What `LoopScaler` measures over one period: for each active loop thread, the share of the period it spent on a
/// processor, and the share it spent waiting for one (nil where the kernel does not say); and the processors the
/// whole machine left idle (nil where unknown).
struct LoopLoad: Equatable {
    var busy: [Double]
    var waitingForProcessor: [Double]?
    var idleProcessors: Double?
}

/// How many loop threads run (`EventLoops.active`), decided once a period from `LoopLoad`. Pure: no clock, no I/O.
///
/// - One more when every active thread is busy (`busyToGrow`, each) and the machine has a processor idle for it
///   (`idleToGrow`), over `periodsToGrow` periods in a row: the work does not fit, and there is room.
/// - One fewer when the work fits in one thread fewer with room to spare (the busy shares add up to at most
///   `busyToShrink` of the threads that would remain), or when the threads wait for a processor for
///   `waitingToShrink` of the time and more (there are more runnable threads than processors: a load generator on
///   the same machine, another process, a CPU quota), over `periodsToShrink` periods in a row.
/// - After a change, `periodsToHold` periods pass before the next one is considered.
///
/// A period without the machine's idle time (a read that failed) changes nothing. (Where `/proc` cannot be read at
/// all, `LoopScaler` does not start, and every thread runs.)
struct LoopScalingPolicy {
    let maxThreads: Int
    var busyToGrow = 0.85
    var idleToGrow = 0.75
    var busyToShrink = 0.5
    var waitingToShrink = 0.25
    var periodsToGrow = 2
    var periodsToShrink = 4
    var periodsToHold = 4

    private var growing = 0
    private var shrinking = 0
    private var holding = 0

    init(maxThreads: Int) { self.maxThreads = max(1, maxThreads) }

    /// The number of threads to run after a period that ran `active` of them with `load`.
    mutating func next(active: Int, load: LoopLoad) -> Int {
        guard let idle = load.idleProcessors else { return active }
        if holding > 0 {
            holding -= 1
            return active
        }
        let busy = load.busy
        let total = busy.reduce(0, +)
        let waiting = load.waitingForProcessor.map { $0.isEmpty ? 0 : $0.reduce(0, +) / Double($0.count) } ?? 0
        let full = !busy.isEmpty && busy.allSatisfy { $0 >= busyToGrow }
        let canGrow = active < maxThreads && full && idle >= idleToGrow
        let shouldShrink = active > 1
            && (total <= busyToShrink * Double(active - 1) || waiting >= waitingToShrink)
        growing = canGrow ? growing + 1 : 0
        shrinking = shouldShrink ? shrinking + 1 : 0
        if growing >= periodsToGrow { return changed(to: active + 1) }
        if shrinking >= periodsToShrink { return changed(to: active - 1) }
        return active
    }

    private mutating func changed(to count: Int) -> Int {
        growing = 0
        shrinking = 0
        holding = periodsToHold
        return count
    }
}
